import Foundation

/// The milestones of a puppy's first year that every dog reaches, in the order most do.
public enum BuiltInMilestone: String, Sendable, Codable, CaseIterable {
    case firstNightHome = "first-night-home"
    case firstVetVisit = "first-vet-visit"
    case firstVaccination = "first-vaccination"
    case knowsName = "knows-name"
    case vaccinationsComplete = "vaccinations-complete"
    case firstWalkOutside = "first-walk-outside"
    case sleepsThroughNight = "sleeps-through-night"
    case sitsOnCue = "sits-on-cue"
    case houseTrained = "house-trained"
    case comesWhenCalled = "comes-when-called"
    case walksOnLead = "walks-on-lead"
    case adultTeeth = "adult-teeth"

    /// The title's localisation key (`milestone.<raw>`).
    public var title: LocalizedText { LocalizedText("milestone.\(rawValue)") }
}

/// A milestone as a store keeps it: a built-in one the puppy reached, or one of the person's own
/// (with its title), reached or not.
public struct Milestone: Sendable, Equatable, Codable, Identifiable {
    /// A built-in milestone's raw value, or the id made from an own milestone's title.
    public let id: String
    /// An own milestone's title; `nil` for a built-in one (whose title is in every language).
    public let title: String?
    /// The day it was reached.
    public let reached: LocalDay?

    /// The longest own title, in characters.
    public static let maximumTitleLength = 100
    /// The longest id, in characters.
    public static let maximumIDLength = 40

    /// A milestone as stored, checked by ``check()`` where it enters.
    public init(id: String, title: String?, reached: LocalDay?) {
        self.id = id
        self.title = title
        self.reached = reached
    }

    /// The built-in milestone it is, if it is one.
    public var builtIn: BuiltInMilestone? { title == nil ? BuiltInMilestone(rawValue: id) : nil }

    /// Refuses a record that is neither a built-in milestone without a title nor an own one: an id
    /// of lowercase letters, digits and dashes that is no built-in's, with a title.
    public func check() throws(MilestoneError) {
        guard let title else {
            guard BuiltInMilestone(rawValue: id) != nil else { throw .unknownBuiltIn(id) }
            return
        }
        guard BuiltInMilestone(rawValue: id) == nil, Self.isOwnID(id) else { throw .malformedID(id) }
        try Self.checkTitle(title)
    }

    /// Refuses an own title that is empty, too long, or holds a control character.
    public static func checkTitle(_ title: String) throws(MilestoneError) {
        guard !title.isEmpty else { throw .emptyTitle }
        guard title.count <= maximumTitleLength else { throw .titleTooLong(title.count) }
        do { try PlainText.check(title, .title) } catch { throw .controlCharacter(error) }
    }

    static func isOwnID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= maximumIDLength && !id.hasPrefix("-") && !id.hasSuffix("-")
            && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The id of an own milestone titled `title`, not one of `taken` (nor a built-in's): its
    /// letters and digits, lowercased and without accents, joined by dashes (`First swim!` is
    /// `first-swim`), with `-2`, `-3`, … when taken; `milestone` when the title has none.
    public static func ownID(for title: String, taken: Set<String>) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en"))
            .lowercased()
        var words: [String] = [], word = ""
        for scalar in folded.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        var base = words.joined(separator: "-")
        if base.count > maximumIDLength - 4 { base = String(base.prefix(maximumIDLength - 4)) }
        while base.hasSuffix("-") { base.removeLast() }
        if base.isEmpty { base = "milestone" }
        let unavailable = taken.union(BuiltInMilestone.allCases.map(\.rawValue))
        var candidate = base, number = 1
        while unavailable.contains(candidate) {
            number += 1
            candidate = "\(base)-\(number)"
        }
        return candidate
    }
}

/// A milestone as listed: built-in ones first, in their order, then the person's own.
public struct MilestoneStatus: Sendable, Equatable {
    /// Its id (what `milestones reach` takes).
    public let id: String
    /// The built-in milestone it is, or `nil` for an own one.
    public let builtIn: BuiltInMilestone?
    /// An own milestone's title.
    public let ownTitle: String?
    /// The day it was reached.
    public let reached: LocalDay?

    /// The milestone `id`: the built-in one `builtIn`, or an own one titled `ownTitle`; reached on `reached`.
    public init(id: String, builtIn: BuiltInMilestone?, ownTitle: String?, reached: LocalDay?) {
        self.id = id
        self.builtIn = builtIn
        self.ownTitle = ownTitle
        self.reached = reached
    }

    /// Every built-in milestone, reached or not, then the own ones of `records` by id.
    public static func list(_ records: [Milestone]) -> [MilestoneStatus] {
        let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let builtIn = BuiltInMilestone.allCases.map {
            MilestoneStatus(id: $0.rawValue, builtIn: $0, ownTitle: nil, reached: byID[$0.rawValue]?.reached)
        }
        let own = records.filter { $0.title != nil }.sorted { $0.id < $1.id }
            .map { MilestoneStatus(id: $0.id, builtIn: nil, ownTitle: $0.title, reached: $0.reached) }
        return builtIn + own
    }
}

/// Why a milestone was refused.
public enum MilestoneError: WellnessError, Hashable {
    case emptyTitle
    case titleTooLong(Int)
    case controlCharacter(ControlCharacterError)
    /// A stored milestone without a title whose id is no built-in one.
    case unknownBuiltIn(String)
    /// A stored own milestone whose id is not lowercase letters, digits and dashes, or a built-in's.
    case malformedID(String)
    /// An own milestone of this title exists already (its id).
    case titleTaken(String)

    public enum Code: String, CaseIterable, Sendable {
        case emptyTitle, titleTooLong, controlCharacter, unknownBuiltIn, malformedID, titleTaken
    }

    public static let family = "milestone"

    public var code: Code {
        switch self {
        case .emptyTitle: .emptyTitle
        case .titleTooLong: .titleTooLong
        case .controlCharacter: .controlCharacter
        case .unknownBuiltIn: .unknownBuiltIn
        case .malformedID: .malformedID
        case .titleTaken: .titleTaken
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .emptyTitle: []
        case .titleTooLong(let count): [.number(count), .number(Milestone.maximumTitleLength)]
        case .controlCharacter(let error): [.text(error.message)]
        case .unknownBuiltIn(let id), .malformedID(let id), .titleTaken(let id): [.verbatim(PlainText.visible(id))]
        }
    }
}

/// Milestones reached, and the person's own, by id.
public enum MilestoneRecords: RecordKind {
    public static let collection: RecordCollection = "milestones"
    /// Milestones came with archive version 2.
    public static var archiveVersion: Int { 2 }

    public static func identity(of milestone: Milestone) -> String { milestone.id }

    /// A built-in milestone without a title, or an own one with a well-formed id and title (``Milestone/check()``).
    public static func validate(_ milestone: Milestone) throws(RecordRejection) {
        try RecordRejection.checking { try milestone.check() }
    }

    public static func precedes(_ lhs: Milestone, _ rhs: Milestone) -> Bool { lhs.id < rhs.id }
}

extension RecordCollection {
    public static var milestones: RecordCollection { MilestoneRecords.collection }
}
