import Foundation

/// A meal planned every day (`feeding plan "07:00 120g kibble"`): its time on the local wall
/// clock, how much, and what.
public struct PlannedMeal: Sendable, Hashable, Codable, CustomStringConvertible {
    /// When it is planned, every day.
    public let time: WallTime
    /// How much, in grams (``Meal/gramsRange``).
    public let grams: Int?
    /// What, at most ``Meal/maximumFoodLength`` characters of ``PlainText``.
    public let food: String?

    /// A planned meal that follows the rules: grams within range, the food plain text (trimmed;
    /// empty is none) and not too long.
    public init(time: WallTime, grams: Int? = nil, food: String? = nil) throws(FeedingError) {
        let trimmed = food?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(stored: time, grams: grams, food: (trimmed?.isEmpty ?? true) ? nil : trimmed)
        try check()
    }

    /// A planned meal as stored, checked by ``check()`` where it enters.
    public init(stored time: WallTime, grams: Int?, food: String?) {
        self.time = time
        self.grams = grams
        self.food = food
    }

    /// Refuses grams out of range and a food too long or with a control character.
    public func check() throws(FeedingError) {
        try Meal.check(grams: grams, food: food)
    }

    /// `HH:MM [N g] [food]`, e.g. `07:00 120g kibble`, `18:00 kibble`, `12:00`: a time of day,
    /// then grams written as a whole number with `g` (`120g`), then the food. A text
    /// that is not so (`7h kibble`, `25:00`, `07:00 1.5g x`) is refused with
    /// ``FeedingError/malformedPlan(_:)`` naming it, grams out of range (`07:00 -5g x`) with
    /// ``FeedingError/gramsOutOfRange(_:)``.
    public static func parse(_ text: String) throws(FeedingError) -> PlannedMeal {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, let time = WallTime(first) else { throw .malformedPlan(text) }
        words.removeFirst()
        var grams: Int?
        if let word = words.first, looksLikeGrams(word) {
            words.removeFirst()
            let number = String(word.dropLast())
            guard isNumber(number) else { throw .malformedPlan(text) }
            // Too many digits for an Int is out of range all the same.
            grams = Int(number) ?? (number.hasPrefix("-") ? Int.min : Int.max)
        }
        return try PlannedMeal(time: time, grams: grams, food: words.joined(separator: " "))
    }

    /// A word that means grams (`120g`, `-5g`, `1.5g`), well formed or not.
    private static func looksLikeGrams(_ word: String) -> Bool {
        guard word.count > 1, word.hasSuffix("g") else { return false }
        return word.dropLast().allSatisfy { $0.isASCII && ($0.isNumber || "+-.,".contains($0)) }
            && word.dropLast().contains(where: \.isNumber)
    }

    /// An optionally signed whole number of ASCII digits.
    private static func isNumber(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `07:00 120g kibble`, as ``parse(_:)`` reads it back.
    public var description: String {
        ([time.description] + [grams.map { "\($0)g" }, food].compactMap { $0 }).joined(separator: " ")
    }

    /// `07:00 kibble` (the time and the food, or the time alone): what names it where it is due.
    public var label: String {
        food.map { "\(time) \($0)" } ?? time.description
    }
}

/// A meal given to the dog: when, the planned meal it was (its time), how much and what.
public struct Meal: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<Meal, UUID>

    /// The meal's own id.
    public let id: ID
    /// When it was given.
    public let at: Date
    /// The time of the planned meal it was, or `nil` for a meal outside the plan.
    public let planned: WallTime?
    /// How much, in grams (``gramsRange``), when known.
    public let grams: Int?
    /// What, as the plan named it when the meal was given.
    public let food: String?

    /// The grams a meal may weigh.
    public static let gramsRange = 1...5000
    /// The longest food, in characters.
    public static let maximumFoodLength = 100

    /// A meal that follows the rules: grams within range, the food plain text (trimmed; empty
    /// is none) and not too long.
    public init(id: ID = ID(), at: Date, planned: WallTime? = nil, grams: Int? = nil,
                food: String? = nil) throws(FeedingError) {
        let trimmed = food?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(stored: id, at: at, planned: planned, grams: grams, food: (trimmed?.isEmpty ?? true) ? nil : trimmed)
        try check()
    }

    /// A meal as stored, checked by ``check()`` where it enters.
    public init(stored id: ID, at: Date, planned: WallTime?, grams: Int?, food: String?) {
        self.id = id
        self.at = Timestamp.fromMilliseconds(Timestamp.milliseconds(at))
        self.planned = planned
        self.grams = grams
        self.food = food
    }

    /// Refuses grams out of range, and a food too long or with a control character.
    public func check() throws(FeedingError) {
        try Self.check(grams: grams, food: food)
    }

    static func check(grams: Int?, food: String?) throws(FeedingError) {
        if let grams, !gramsRange.contains(grams) { throw .gramsOutOfRange(grams) }
        if let food {
            guard food.count <= maximumFoodLength else { throw .foodTooLong(food.count) }
            do { try PlainText.check(food, .food) } catch { throw .controlCharacter(error) }
        }
    }
}

/// Why a meal, a planned meal or a feeding plan was refused.
public enum FeedingError: WellnessError, Hashable {
    /// A plan entry that is not `HH:MM [N g] [food]`.
    case malformedPlan(String)
    case gramsOutOfRange(Int)
    case foodTooLong(Int)
    case controlCharacter(ControlCharacterError)
    /// The plan names a time twice.
    case timePlannedTwice(WallTime)
    /// The plan has more meals than a day needs.
    case tooManyPlanned(Int)
    /// A meal given for a time the plan does not hold.
    case notPlanned(WallTime)

    public enum Code: String, CaseIterable, Sendable {
        case malformedPlan, gramsOutOfRange, foodTooLong, controlCharacter, timePlannedTwice, tooManyPlanned, notPlanned
    }

    public static let family = "feeding"

    public var code: Code {
        switch self {
        case .malformedPlan: .malformedPlan
        case .gramsOutOfRange: .gramsOutOfRange
        case .foodTooLong: .foodTooLong
        case .controlCharacter: .controlCharacter
        case .timePlannedTwice: .timePlannedTwice
        case .tooManyPlanned: .tooManyPlanned
        case .notPlanned: .notPlanned
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .malformedPlan(let text): [.verbatim(text)]
        case .gramsOutOfRange(let grams):
            [.number(grams), .number(Meal.gramsRange.lowerBound), .number(Meal.gramsRange.upperBound)]
        case .foodTooLong(let count): [.number(count), .number(Meal.maximumFoodLength)]
        case .controlCharacter(let error): [.text(error.message)]
        case .timePlannedTwice(let time): [.verbatim(time.description)]
        case .tooManyPlanned(let count): [.number(count), .number(FeedingPlan.maximumMeals)]
        case .notPlanned(let time): [.verbatim(time.description)]
        }
    }
}
