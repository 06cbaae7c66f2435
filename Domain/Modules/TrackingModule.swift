import Foundation

/// A feature area a person can switch on or off.
///
/// Stored by raw value; stores keep raw values they do not recognise, so a module added by a
/// newer version survives a round trip through this one.
public enum TrackingModule: String, CaseIterable, Codable, Sendable, Identifiable {
    case medications
    case walks
    case socialization
    case training
    case feeding
    case documents
    case milestones

    public var id: String { rawValue }

    /// The display name's localisation key (`module.<raw>`).
    public var name: LocalizedText { LocalizedText("module.\(rawValue)") }

    /// The description's localisation key (`module.<raw>.desc`).
    public var summary: LocalizedText { LocalizedText("module.\(rawValue).desc") }

    /// The SF Symbol an Apple client shows for the module (kept as data).
    public var systemImage: String {
        switch self {
        case .medications: "pills"
        case .walks: "figure.walk"
        case .socialization: "person.3"
        case .training: "graduationcap"
        case .feeding: "fork.knife"
        case .documents: "doc.text"
        case .milestones: "star"
        }
    }

    /// The modules a new user starts with.
    public static let defaultEnabled: Set<TrackingModule> = [.medications, .walks, .feeding, .documents]

    /// Modules that matter while the dog is a puppy and can be suggested for disabling later.
    public static let puppySpecific: Set<TrackingModule> = [.socialization, .milestones, .training]

    /// Parses a raw value, or throws an error that names it and lists the valid modules.
    public static func parse(_ text: String) throws(InvalidValue) -> TrackingModule {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let module = TrackingModule(rawValue: trimmed) else {
            throw InvalidValue(kind: .module, value: text, valid: allCases.map(\.rawValue))
        }
        return module
    }
}
