import Foundation

/// The journal of one local day: tags and notes. One per day in every store.
///
/// Tags are kept as raw strings, so a tag from a newer version survives a load and save. The
/// legacy booleans of older versions stay in sync with their tags both ways.
public struct DailyJournal: Sendable, Equatable, Codable {
    public let day: LocalDay
    public var notes: String?
    /// The longest notes a journal may hold, in characters.
    public static let maximumNotesLength = 10_000
    /// Raw tag values, sorted and unique.
    public private(set) var tags: [String]

    /// The legacy boolean each tag mirrors.
    public static var legacyTags: [(flag: WritableKeyPath<LegacyFlags, Bool>, tag: JournalTag)] {
        [(\.consumedAlcohol, .alcohol), (\.caffeineAfter2PM, .caffeine), (\.ateLate, .lateEating),
         (\.highStress, .stress), (\.exercised, .exercise)]
    }

    /// The booleans older versions stored instead of tags.
    public struct LegacyFlags: Sendable, Equatable, Codable {
        public var consumedAlcohol = false
        public var caffeineAfter2PM = false
        public var ateLate = false
        public var highStress = false
        public var exercised = false

        public init(consumedAlcohol: Bool = false, caffeineAfter2PM: Bool = false, ateLate: Bool = false,
                    highStress: Bool = false, exercised: Bool = false) {
            self.consumedAlcohol = consumedAlcohol
            self.caffeineAfter2PM = caffeineAfter2PM
            self.ateLate = ateLate
            self.highStress = highStress
            self.exercised = exercised
        }
    }

    /// An empty journal for `day`.
    public init(day: LocalDay) {
        self.day = day
        self.notes = nil
        self.tags = []
    }

    /// A journal as stored. Tags win; a legacy journal with booleans but no tags gets the
    /// booleans' tags.
    public init(day: LocalDay, notes: String?, tags: [String], legacy: LegacyFlags = LegacyFlags()) {
        self.day = day
        self.notes = notes
        var raw = Set(tags)
        if raw.isEmpty {
            for (flag, tag) in Self.legacyTags where legacy[keyPath: flag] { raw.insert(tag.rawValue) }
        }
        self.tags = raw.sorted()
    }

    /// The booleans, derived from the tags.
    public var legacy: LegacyFlags {
        var flags = LegacyFlags()
        for (flag, tag) in Self.legacyTags { flags[keyPath: flag] = contains(tag) }
        return flags
    }

    /// Sets a legacy boolean, which sets or clears its tag.
    public mutating func setLegacy(_ flag: WritableKeyPath<LegacyFlags, Bool>, _ value: Bool) {
        guard let tag = Self.legacyTags.first(where: { $0.flag == flag })?.tag else { return }
        set(tag, value)
    }

    public func contains(_ tag: JournalTag) -> Bool { tags.contains(tag.rawValue) }

    /// The tags this version knows, in declaration order.
    public var knownTags: [JournalTag] { JournalTag.allCases.filter(contains) }

    /// Switches a tag on or off; returns whether it is on now.
    @discardableResult
    public mutating func toggle(_ tag: JournalTag) -> Bool {
        set(tag, !contains(tag))
        return contains(tag)
    }

    public mutating func set(_ tag: JournalTag, _ on: Bool) {
        var raw = Set(tags)
        if on { raw.insert(tag.rawValue) } else { raw.remove(tag.rawValue) }
        tags = raw.sorted()
    }

    /// Whether there is nothing in it.
    public var isEmpty: Bool { tags.isEmpty && (notes ?? "").isEmpty }
}
