import Foundation
import Testing
import WellnessAITips
import WellnessDomain

/// A model's answer is read strictly: the shape, the count, the enums, the length and
/// duplicates each have their own typed error; a fence around the JSON is fine, prose is not.
@Suite("AI tips answers")
struct AITipsAnswerTests {
    let goal = Goal.ID(UUID(uuidString: "0A0B0C0D-0000-4000-8000-000000000001") ?? UUID())

    static func tip(_ text: String, _ category: String = "exercise", _ priority: String = "high") -> String {
        #"{"tip": "\#(text)", "category": "\#(category)", "priority": "\#(priority)"}"#
    }

    static func answer(_ tips: [String]) -> String { #"{"tips": [\#(tips.joined(separator: ", "))]}"# }

    static let three = answer([tip("Walk 20 minutes after lunch."), tip("Lay out your shoes tonight.", "habit", "medium"),
                               tip("Sleep before 23:00.", "sleep", "low")])

    @Test("a good answer gives its tips in order, with the domain's enums and stable ids")
    func good() throws {
        let tips = try AITipsAnswer.tips(from: Self.three, goal: goal)
        #expect(tips.map(\.tip) == ["Walk 20 minutes after lunch.", "Lay out your shoes tonight.", "Sleep before 23:00."])
        #expect(tips.map(\.category) == [.exercise, .habit, .sleep])
        #expect(tips.map(\.priority) == [.high, .medium, .low])
        #expect(try AITipsAnswer.tips(from: Self.three, goal: goal).map(\.id) == tips.map(\.id))
    }

    @Test("a Markdown fence around the JSON is tolerated", arguments: ["```json\n%@\n```", "```\n%@\n```", "  ```JSON\n%@```\n"])
    func fenced(format: String) throws {
        let content = format.replacingOccurrences(of: "%@", with: Self.three)
        #expect(try AITipsAnswer.tips(from: content, goal: goal).count == 3)
    }

    @Test("prose, or prose around the JSON, is refused")
    func prose() {
        for content in ["Here are some tips: walk more!", "Sure! \(Self.three)", "\(Self.three) Hope this helps.", ""] {
            #expect(throws: AITipsAnswerError.self) { try AITipsAnswer.tips(from: content, goal: goal) }
        }
        #expect {
            try AITipsAnswer.tips(from: "Sure! Walk more.", goal: goal)
        } throws: { ($0 as? AITipsAnswerError) == .notJSON(length: 16) }
    }

    @Test("fewer than 3 or more than 8 tips is a count error")
    func counts() {
        let nine = (1...9).map { Self.tip("Tip number \($0).") }
        for (tips, count) in [([String](), 0), (Array(nine.prefix(2)), 2), (nine, 9)] {
            #expect(throws: AITipsAnswerError.tipCount(count)) { try AITipsAnswer.tips(from: Self.answer(tips), goal: goal) }
        }
        #expect(throws: Never.self) { try AITipsAnswer.tips(from: Self.answer(Array(nine.prefix(8))), goal: goal) }
    }

    @Test("a category or priority outside the domain's enums names the tip and the value")
    func enums() {
        let badCategory = Self.answer([Self.tip("One."), Self.tip("Two.", "fitness"), Self.tip("Three.")])
        #expect(throws: AITipsAnswerError.unknownCategory(index: 1, length: 7)) {
            try AITipsAnswer.tips(from: badCategory, goal: goal)
        }
        let badPriority = Self.answer([Self.tip("One."), Self.tip("Two."), Self.tip("Three.", "sleep", "urgent")])
        #expect(throws: AITipsAnswerError.unknownPriority(index: 2, length: 6)) {
            try AITipsAnswer.tips(from: badPriority, goal: goal)
        }
        let upper = Self.answer([Self.tip("One.", "Exercise"), Self.tip("Two."), Self.tip("Three.")])
        #expect(throws: AITipsAnswerError.unknownCategory(index: 0, length: 8)) {
            try AITipsAnswer.tips(from: upper, goal: goal)
        }
    }

    @Test("a text over 300 characters, an empty one, or one repeated is refused")
    func texts() {
        let long = String(repeating: "a", count: 301)
        #expect(throws: AITipsAnswerError.tooLong(index: 0, length: 301)) {
            try AITipsAnswer.tips(from: Self.answer([Self.tip(long), Self.tip("Two."), Self.tip("Three.")]), goal: goal)
        }
        #expect(throws: Never.self) {
            try AITipsAnswer.tips(from: Self.answer([Self.tip(String(repeating: "é", count: 300)), Self.tip("Two."),
                                                     Self.tip("Three.")]), goal: goal)
        }
        #expect(throws: AITipsAnswerError.missingField(index: 1, field: "tip")) {
            try AITipsAnswer.tips(from: Self.answer([Self.tip("One."), Self.tip("  "), Self.tip("Three.")]), goal: goal)
        }
        #expect(throws: AITipsAnswerError.duplicate(index: 2)) {
            try AITipsAnswer.tips(from: Self.answer([Self.tip("Walk more."), Self.tip("Two."), Self.tip("walk  MORE.", "habit")]),
                                  goal: goal)
        }
    }

    @Test("a tip with a control character (an escape sequence, a bell) is refused; a line break is text")
    func controls() {
        let escape = #"{"tips": [{"tip": "Run \u001b[31mnow", "category": "exercise", "priority": "high"}, \#(Self.tip("Two.")), \#(Self.tip("Three."))]}"#
        #expect(throws: AITipsAnswerError.controlCharacter(index: 0, code: "U+001B")) {
            try AITipsAnswer.tips(from: escape, goal: goal)
        }
        let bell = #"{"tips": [\#(Self.tip("One.")), {"tip": "Ding\u0007", "category": "habit", "priority": "low"}, \#(Self.tip("Three."))]}"#
        #expect(throws: AITipsAnswerError.controlCharacter(index: 1, code: "U+0007")) {
            try AITipsAnswer.tips(from: bell, goal: goal)
        }
        let lineBreak = #"{"tips": [{"tip": "Walk.\nThen stretch.", "category": "exercise", "priority": "high"}, \#(Self.tip("Two.")), \#(Self.tip("Three."))]}"#
        #expect(throws: Never.self) { try AITipsAnswer.tips(from: lineBreak, goal: goal) }
    }

    @Test("a list that is not of objects, or a missing field, is refused")
    func shapes() {
        #expect(throws: AITipsAnswerError.missingTips) { try AITipsAnswer.tips(from: #"{"advice": []}"#, goal: goal) }
        #expect(throws: AITipsAnswerError.notJSON(length: 9)) { try AITipsAnswer.tips(from: "[1, 2, 3]", goal: goal) }
        #expect(throws: AITipsAnswerError.notAnObject(index: 0)) {
            try AITipsAnswer.tips(from: #"{"tips": ["a", "b", "c"]}"#, goal: goal)
        }
        let noPriority = #"{"tips": [{"tip": "One.", "category": "sleep"}, \#(Self.tip("Two.")), \#(Self.tip("Three."))]}"#
        #expect(throws: AITipsAnswerError.missingField(index: 0, field: "priority")) {
            try AITipsAnswer.tips(from: noPriority, goal: goal)
        }
        let numberTip = #"{"tips": [{"tip": 3, "category": "sleep", "priority": "low"}, \#(Self.tip("Two.")), \#(Self.tip("Three."))]}"#
        #expect(throws: AITipsAnswerError.missingField(index: 0, field: "tip")) {
            try AITipsAnswer.tips(from: numberTip, goal: goal)
        }
    }

    @Test("the API key never shows itself")
    func keyRedacted() throws {
        let key = try #require(APIKey("sk-secret-123"))
        #expect("\(key)" == "<redacted>")
        #expect(String(reflecting: key) == "<redacted>")
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains("sk-secret"))
        #expect(APIKey("  \n") == nil)
    }

    @Test("the endpoint is the base URL plus /v1/chat/completions, once")
    func endpoint() throws {
        for (base, expected) in [("http://127.0.0.1:11434", "http://127.0.0.1:11434/v1/chat/completions"),
                                 ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/v1/chat/completions"),
                                 ("https://api.openai.com/v1", "https://api.openai.com/v1/chat/completions"),
                                 ("http://127.0.0.1:9000/llm/v1/", "http://127.0.0.1:9000/llm/v1/chat/completions")] {
            let configuration = AITipsConfiguration(baseURL: try #require(URL(string: base)))
            #expect(configuration.endpoint.absoluteString == expected)
        }
    }
}
