import Foundation

/// Something that shaped a day, tapped into the journal: "had coffee", "slept badly".
public enum JournalTag: String, CaseIterable, Codable, Sendable {
    case coffee, alcohol, caffeine, lateEating, stress, exercise
    case meditation, goodSleep, poorSleep, illness, travel
    case work, social, supplements, hydration, mood, energy, focus, recovery

    /// The display name's localisation key (`tag.<raw>`).
    public var name: LocalizedText { LocalizedText("tag.\(rawValue)") }

    /// The SF Symbol an Apple client shows (kept as data).
    public var systemImage: String {
        switch self {
        case .coffee: "cup.and.saucer"
        case .alcohol: "wineglass"
        case .caffeine: "bolt"
        case .lateEating: "fork.knife"
        case .stress: "exclamationmark.triangle"
        case .exercise: "figure.run"
        case .meditation: "brain.head.profile"
        case .goodSleep: "bed.double"
        case .poorSleep: "moon.zzz"
        case .illness: "cross.case"
        case .travel: "airplane"
        case .work: "briefcase"
        case .social: "person.2"
        case .supplements: "pills"
        case .hydration: "drop"
        case .mood: "face.smiling"
        case .energy: "battery.100"
        case .focus: "scope"
        case .recovery: "heart.circle"
        }
    }

    /// The colour an Apple client tints the tag with, as `#RRGGBB`.
    public var colorHex: String {
        switch self {
        case .coffee: "#8B5A2B"
        case .alcohol: "#8E24AA"
        case .caffeine: "#FB8C00"
        case .lateEating: "#F4511E"
        case .stress: "#E53935"
        case .exercise: "#43A047"
        case .meditation: "#5E35B1"
        case .goodSleep: "#1E88E5"
        case .poorSleep: "#3949AB"
        case .illness: "#C62828"
        case .travel: "#00ACC1"
        case .work: "#546E7A"
        case .social: "#EC407A"
        case .supplements: "#7CB342"
        case .hydration: "#039BE5"
        case .mood: "#FDD835"
        case .energy: "#FFB300"
        case .focus: "#00897B"
        case .recovery: "#6D4C41"
        }
    }

    /// Parses a raw value (case-insensitive), or throws an error listing the valid tags.
    public static func parse(_ text: String) throws(InvalidValue) -> JournalTag {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let tag = allCases.first(where: { $0.rawValue.lowercased() == trimmed.lowercased() }) else {
            throw InvalidValue(kind: .journalTag, value: text, valid: allCases.map(\.rawValue))
        }
        return tag
    }
}
