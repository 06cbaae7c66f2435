import Foundation

/// What a puppy meets while it learns the world is safe, grouped as trainers do.
public enum SocializationCategory: String, Sendable, Codable, CaseIterable {
    case people, animals, places, sounds, surfaces, handling

    /// The display name's localisation key (`socialization.<raw>`).
    public var name: LocalizedText { LocalizedText("socialization.\(rawValue)") }

    /// Parses a raw value, or throws an error that names it and lists the valid categories.
    public static func parse(_ text: String) throws(InvalidValue) -> SocializationCategory {
        guard let category = SocializationCategory(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw InvalidValue(kind: .socializationCategory, value: text, valid: allCases.map(\.rawValue))
        }
        return category
    }
}

/// One thing the puppy met (`a man with a hat`, `the vacuum cleaner`), its category, and how it
/// reacted, from 1 (fearful) to 5 (relaxed and curious).
public struct SocializationExposure: Sendable, Equatable, Codable, Identifiable {
    public typealias ID = TypedID<SocializationExposure, UUID>

    /// The exposure's own id.
    public let id: ID
    /// What the puppy met, as the person wrote it.
    public let what: String
    /// Its category.
    public let category: SocializationCategory
    /// How the puppy reacted (``reactionRange``): 1 fearful, 3 unsure, 5 relaxed and curious.
    public let reaction: Int
    /// When.
    public let at: Date

    /// The longest description, in characters.
    public static let maximumLength = 200
    /// The reactions an exposure may have.
    public static let reactionRange = 1...5

    /// An exposure that follows the rules: what was met as plain text (trimmed, not empty, at
    /// most ``maximumLength`` characters), a reaction within ``reactionRange``.
    public init(id: ID = ID(), what: String, category: SocializationCategory, reaction: Int, at: Date)
        throws(SocializationError) {
        self.init(stored: id, what: what.trimmingCharacters(in: .whitespacesAndNewlines), category: category,
                  reaction: reaction, at: at)
        try check()
    }

    /// An exposure as stored, checked by ``check()`` where it enters.
    public init(stored id: ID, what: String, category: SocializationCategory, reaction: Int, at: Date) {
        self.id = id
        self.what = what
        self.category = category
        self.reaction = reaction
        self.at = Timestamp.fromMilliseconds(Timestamp.milliseconds(at))
    }

    /// Refuses an empty or too long description, one with a control character, and a reaction
    /// out of range.
    public func check() throws(SocializationError) {
        try Self.checkReaction(reaction)
        guard !what.isEmpty else { throw .emptyDescription }
        guard what.count <= Self.maximumLength else { throw .descriptionTooLong(what.count) }
        do { try PlainText.check(what, .description) } catch { throw .controlCharacter(error) }
    }

    /// Refuses a reaction outside ``reactionRange``.
    public static func checkReaction(_ reaction: Int) throws(SocializationError) {
        guard reactionRange.contains(reaction) else { throw .reactionOutOfRange(reaction) }
    }
}

/// Why a socialization exposure was refused.
public enum SocializationError: WellnessError, Hashable {
    case emptyDescription
    case descriptionTooLong(Int)
    case reactionOutOfRange(Int)
    case controlCharacter(ControlCharacterError)

    public enum Code: String, CaseIterable, Sendable {
        case emptyDescription, descriptionTooLong, reactionOutOfRange, controlCharacter
    }

    public static let family = "socialization"

    public var code: Code {
        switch self {
        case .emptyDescription: .emptyDescription
        case .descriptionTooLong: .descriptionTooLong
        case .reactionOutOfRange: .reactionOutOfRange
        case .controlCharacter: .controlCharacter
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .emptyDescription: []
        case .descriptionTooLong(let count): [.number(count), .number(SocializationExposure.maximumLength)]
        case .reactionOutOfRange(let reaction):
            [.number(reaction), .number(SocializationExposure.reactionRange.lowerBound),
             .number(SocializationExposure.reactionRange.upperBound)]
        case .controlCharacter(let error): [.text(error.message)]
        }
    }
}

/// Socialization exposures, by id.
public enum SocializationRecords: RecordKind {
    public static let collection: RecordCollection = "socialization"
    /// Socialization came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of exposure: SocializationExposure) -> SocializationExposure.ID { exposure.id }

    /// Description and reaction as `socialization log` checks them (``SocializationExposure/check()``).
    public static func validate(_ exposure: SocializationExposure) throws(RecordRejection) {
        try RecordRejection.checking { try exposure.check() }
    }

    public static func precedes(_ lhs: SocializationExposure, _ rhs: SocializationExposure) -> Bool {
        (lhs.at, lhs.id.description) < (rhs.at, rhs.id.description)
    }
}

extension RecordCollection {
    public static var socialization: RecordCollection { SocializationRecords.collection }
}
