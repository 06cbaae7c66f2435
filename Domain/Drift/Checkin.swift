import Foundation

/// One of the three things a person rates in a daily check-in.
public enum DriftMetric: String, Sendable, Hashable, Codable, CaseIterable {
    case energy, stress, social

    /// The display name's localisation key (`drift.metric.<raw>`).
    public var name: LocalizedText { LocalizedText("drift.metric.\(rawValue)") }

    /// The English display name, capitalised ("Energy"); the form used in the wire texts of
    /// highlights.
    public var englishName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// A daily "30 seconds" check-in: how much energy, stress and social connection a person felt
/// on a local day, each rated 1–5, and optionally the person who mattered most that day.
///
/// Encoded as `{"day": "YYYY-MM-DD", "energy", "stress", "social", "keyContact"}`; `keyContact`
/// is written as `null` when there is none. Decoding validates like the initialiser, so a stored
/// out-of-range rating is reported as corrupt data rather than accepted.
public struct Checkin: Sendable, Hashable, Codable {
    /// The accepted ratings.
    public static let scale = 1...5
    /// The longest key contact accepted, in characters (after trimming).
    public static let maxKeyContactLength = 100

    public let day: LocalDay
    /// 1 (drained) to 5 (energised).
    public let energy: Int
    /// 1 (calm) to 5 (very stressed).
    public let stress: Int
    /// 1 (isolated) to 5 (well connected).
    public let social: Int
    /// Trimmed; `nil` when none was given or it was blank.
    public let keyContact: String?

    /// A validated check-in. Each rating must be a whole number from 1 to 5; the key contact is
    /// trimmed, blank becomes `nil`, and it may be at most 100 characters long.
    public init(day: LocalDay, energy: Int, stress: Int, social: Int, keyContact: String? = nil) throws(CheckinError) {
        for (field, value) in [(DriftMetric.energy, energy), (.stress, stress), (.social, social)]
        where !Self.scale.contains(value) {
            throw .outOfRange(field: field, value: value)
        }
        let contact = keyContact?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let contact, contact.count > Self.maxKeyContactLength { throw .keyContactTooLong(contact.count) }
        do { try PlainText.check(contact, .keyContact) } catch { throw .controlCharacter(error) }
        self.day = day
        self.energy = energy
        self.stress = stress
        self.social = social
        self.keyContact = (contact?.isEmpty ?? true) ? nil : contact
    }

    /// Parses a rating typed as text for `field`: surrounding whitespace is ignored, and the
    /// rest must be a whole number (`3.5`, `abc` and blank are refused) from 1 to 5.
    public static func parseRating(_ text: String, for field: DriftMetric) throws(CheckinError) -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw .notAWholeNumber(field: field, text: text)
        }
        guard scale.contains(value) else { throw .outOfRange(field: field, value: value) }
        return value
    }

    /// The rating given for `metric`.
    public func rating(_ metric: DriftMetric) -> Int {
        switch metric {
        case .energy: energy
        case .stress: stress
        case .social: social
        }
    }

    /// How far the day drifted from feeling well, 1 (best) to 5 (worst): the mean of
    /// (6 − energy), stress and (6 − social), so low energy, high stress and little social
    /// connection all push it up. A multiple of 1/3, not rounded.
    public var driftIndex: Double { Double(driftTotal) / 3 }

    /// Whether `driftIndex` ≥ 3.5 (decided exactly, on whole numbers).
    public var isHighDrift: Bool { 2 * driftTotal >= 21 }

    /// Three times the drift index: (6 − energy) + stress + (6 − social), a whole number 3...15.
    var driftTotal: Int { (6 - energy) + stress + (6 - social) }

    /// Runs `checkin`'s values through the rules of a new check-in.
    public static func check(_ checkin: Checkin) throws(CheckinError) {
        _ = try Checkin(day: checkin.day, energy: checkin.energy, stress: checkin.stress, social: checkin.social,
                        keyContact: checkin.keyContact)
    }

    // MARK: - Codable

    private enum CodingKeys: String, CodingKey { case day, energy, stress, social, keyContact }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(day: container.decode(LocalDay.self, forKey: .day),
                          energy: container.decode(Int.self, forKey: .energy),
                          stress: container.decode(Int.self, forKey: .stress),
                          social: container.decode(Int.self, forKey: .social),
                          keyContact: container.decodeIfPresent(String.self, forKey: .keyContact))
        } catch let error as CheckinError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: error.summary, underlyingError: error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(day, forKey: .day)
        try container.encode(energy, forKey: .energy)
        try container.encode(stress, forKey: .stress)
        try container.encode(social, forKey: .social)
        if let keyContact {
            try container.encode(keyContact, forKey: .keyContact)
        } else {
            try container.encodeNil(forKey: .keyContact)
        }
    }
}

/// Why a check-in was refused.
public enum CheckinError: WellnessError, Equatable {
    /// A rating outside 1...5.
    case outOfRange(field: DriftMetric, value: Int)
    /// A rating typed as text that is not a whole number (`3.5`, `abc`, blank).
    case notAWholeNumber(field: DriftMetric, text: String)
    /// A key contact longer than `Checkin.maxKeyContactLength` characters (the count given).
    case keyContactTooLong(Int)
    /// A key contact with a control character.
    case controlCharacter(ControlCharacterError)

    public enum Code: String, CaseIterable, Sendable {
        case outOfRange
        case notAWholeNumber
        case keyContactTooLong
        case controlCharacter
    }

    public static let family = "checkin"

    public var code: Code {
        switch self {
        case .outOfRange: .outOfRange
        case .notAWholeNumber: .notAWholeNumber
        case .keyContactTooLong: .keyContactTooLong
        case .controlCharacter: .controlCharacter
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .outOfRange(let field, let value): [.verbatim(field.rawValue), .number(value)]
        case .notAWholeNumber(let field, let text): [.verbatim(field.rawValue), .verbatim(text)]
        case .keyContactTooLong(let count): [.number(count), .number(Checkin.maxKeyContactLength)]
        case .controlCharacter(let error): [.text(error.message)]
        }
    }
}
