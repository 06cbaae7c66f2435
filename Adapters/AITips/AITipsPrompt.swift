import Foundation
import WellnessDomain

/// The chat completion request for a goal's tips: a system message with the rules and the JSON
/// shape, a user message with the goal and its context, and (unless the server refused it
/// before) `response_format` with the JSON schema, which Ollama, llama.cpp's server, vLLM, LM
/// Studio and OpenAI honour. Mood notes go along; journal notes do not (their tags do).
enum AITipsPrompt {
    /// The request body as JSON.
    static func body(goal: Goal, context: UserContext, model: String, language: String, structured: Bool) throws -> Data {
        var body: [String: Any] = [
            "model": model,
            "stream": false,
            "temperature": 0.4,
            "messages": [
                ["role": "system", "content": system(language: context.language ?? language)],
                ["role": "user", "content": user(goal: goal, context: context)],
            ],
        ]
        if structured {
            body["response_format"] = [
                "type": "json_schema",
                "json_schema": ["name": "goal_tips", "strict": true, "schema": schema] as [String: Any],
            ]
        }
        return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    /// What the model must answer.
    static var schema: [String: Any] { [
        "type": "object",
        "additionalProperties": false,
        "required": ["tips"],
        "properties": [
            "tips": [
                "type": "array",
                "minItems": AITipsAnswer.tipCount.lowerBound,
                "maxItems": AITipsAnswer.tipCount.upperBound,
                "items": [
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["tip", "category", "priority"],
                    "properties": [
                        "tip": ["type": "string", "maxLength": AITipsAnswer.maximumLength] as [String: Any],
                        "category": ["type": "string", "enum": TipCategory.allCases.map(\.rawValue)] as [String: Any],
                        "priority": ["type": "string", "enum": TipPriority.allCases.map(\.rawValue)] as [String: Any],
                    ] as [String: Any],
                ] as [String: Any],
            ] as [String: Any],
        ] as [String: Any],
    ] }

    static func languageName(_ code: String) -> String {
        code.lowercased().hasPrefix("nl") ? "Dutch (Nederlands)" : "English"
    }

    static func system(language: String) -> String {
        """
        You are a warm, practical wellness coach. Give personal, concrete tips that help the person \
        reach their goal, based on their goal, their recent moods and journal tags, and their other goals.
        Write every tip in \(languageName(language)).
        Answer with JSON only, no prose and no Markdown, in exactly this shape:
        {"tips": [{"tip": "…", "category": "…", "priority": "…"}]}
        - 3 to 8 tips, none repeating another;
        - "tip": one or two sentences, at most \(AITipsAnswer.maximumLength) characters;
        - "category": one of \(TipCategory.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "));
        - "priority": one of "high", "medium", "low" (high for what matters most now).
        Do not give medical diagnoses; suggest seeing a professional when something sounds serious.
        """
    }

    static func user(goal: Goal, context: UserContext) -> String {
        var lines = ["Goal: \(goal.title)"]
        if let description = goal.description, !description.isEmpty { lines.append("About the goal: \(description)") }
        lines.append("")
        if context.moods.isEmpty {
            lines.append("Moods (1 = low, 5 = great), last 30 days: none logged.")
        } else {
            lines.append("Moods (1 = low, 5 = great), last 30 days:")
            for mood in context.moods {
                lines.append("- \(mood.day): \(mood.score)" + (mood.note.map { " — \($0)" } ?? ""))
            }
        }
        let tagged = context.journals.filter { !$0.tags.isEmpty }
        if tagged.isEmpty {
            lines.append("Journal tags, last 30 days: none.")
        } else {
            lines.append("Journal tags, last 30 days:")
            for journal in tagged { lines.append("- \(journal.day): \(journal.tags.joined(separator: ", "))") }
        }
        if context.otherGoals.isEmpty {
            lines.append("Other goals: none.")
        } else {
            lines.append("Other goals:")
            for other in context.otherGoals { lines.append("- \(other.title)") }
        }
        return lines.joined(separator: "\n")
    }
}
