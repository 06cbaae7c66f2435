import Foundation
import WellnessDomain

/// A model's answer, read strictly: a JSON object `{"tips": [{"tip", "category", "priority"}]}`,
/// optionally inside one Markdown code fence, with 3–8 tips, each a category and a priority of
/// the domain's, a text of 1–300 characters without control characters (``PlainText``), and no
/// text twice. Anything else is an
/// ``AITipsAnswerError`` naming what is wrong.
public enum AITipsAnswer {
    /// How many tips an answer must hold.
    public static let tipCount = 3...8
    /// The longest tip text accepted, in characters (after trimming white space).
    public static let maximumLength = 300

    /// The tips of `content` (a chat completion's message content) for `goal`; ids are stable
    /// for the same goal and text.
    public static func tips(from content: String, goal: Goal.ID) throws(AITipsAnswerError) -> [GoalTip] {
        let json = unfenced(content)
        guard json.first == "{", let data = json.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .notJSON(length: content.count)
        }
        guard let list = object["tips"] as? [Any] else { throw .missingTips }
        guard tipCount.contains(list.count) else { throw .tipCount(list.count) }
        var tips: [GoalTip] = []
        var seen: Set<String> = []
        for (index, item) in list.enumerated() {
            guard let fields = item as? [String: Any] else { throw .notAnObject(index: index) }
            guard let text = (fields["tip"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines),
                  !text.isEmpty else { throw .missingField(index: index, field: "tip") }
            guard text.count <= maximumLength else { throw .tooLong(index: index, length: text.count) }
            // Tips reach terminals and apps as plain text: no escape sequences, bells or lone CRs.
            if let control = PlainText.firstControlCharacter(in: text) {
                throw .controlCharacter(index: index, code: String(format: "U+%04X", control.value))
            }
            guard let categoryText = fields["category"] as? String else { throw .missingField(index: index, field: "category") }
            guard let category = TipCategory(rawValue: categoryText) else {
                throw .unknownCategory(index: index, length: categoryText.count)
            }
            guard let priorityText = fields["priority"] as? String else { throw .missingField(index: index, field: "priority") }
            guard let priority = TipPriority(rawValue: priorityText) else {
                throw .unknownPriority(index: index, length: priorityText.count)
            }
            let key = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard seen.insert(key).inserted else { throw .duplicate(index: index) }
            tips.append(GoalTip(id: .stable(goal: goal, text: text), tip: text, category: category, priority: priority))
        }
        return tips
    }

    /// `content` without white space around it and without one surrounding code fence
    /// (```` ``` ```` or ```` ```json ````).
    static func unfenced(_ content: String) -> String {
        let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("```"), trimmed.hasSuffix("```"), trimmed.count >= 6 else { return trimmed }
        var inner = trimmed.dropFirst(3).dropLast(3)
        // The fence's info string (`json`) runs to the end of its line.
        if let newline = inner.firstIndex(of: "\n") {
            let info = inner[..<newline].trimmingCharacters(in: .whitespaces)
            if info.isEmpty || info.allSatisfy({ $0.isLetter }) { inner = inner[inner.index(after: newline)...] }
        }
        return inner.trimmingCharacters(in: .whitespacesAndNewlines)
    }

}

/// Why a model's answer is not a list of tips. Tips are counted from 0, as in the JSON.
///
/// It says what is wrong and where, and how long the text in question is, never the text: the
/// reason is logged, and a server may answer with anything, a key among it.
public enum AITipsAnswerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a JSON object (prose, say); the answer's length in characters.
    case notJSON(length: Int)
    /// No `tips` list.
    case missingTips
    /// Fewer than 3 or more than 8 tips.
    case tipCount(Int)
    case notAnObject(index: Int)
    case missingField(index: Int, field: String)
    case tooLong(index: Int, length: Int)
    /// A control character (ESC, BEL, a lone CR…), by its code point.
    case controlCharacter(index: Int, code: String)
    /// A category that is none of the domain's (the length of the value given).
    case unknownCategory(index: Int, length: Int)
    /// A priority that is none of the domain's (the length of the value given).
    case unknownPriority(index: Int, length: Int)
    /// The same text as an earlier tip.
    case duplicate(index: Int)

    public var description: String {
        switch self {
        case .notJSON(let length): "the answer is not a JSON object (\(length) characters)"
        case .missingTips: "the answer has no \"tips\" list"
        case .tipCount(let count): "the answer has \(count) tips, not 3 to 8"
        case .notAnObject(let index): "tips[\(index)] is not an object"
        case .missingField(let index, let field): "tips[\(index)] has no \"\(field)\" text"
        case .tooLong(let index, let length): "tips[\(index)] is \(length) characters long, more than 300"
        case .controlCharacter(let index, let code): "tips[\(index)] holds the control character \(code)"
        case .unknownCategory(let index, let length):
            "tips[\(index)].category (\(length) characters) is not one of \(TipCategory.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unknownPriority(let index, let length):
            "tips[\(index)].priority (\(length) characters) is not one of high, medium, low"
        case .duplicate(let index): "tips[\(index)] repeats an earlier tip"
        }
    }
}
