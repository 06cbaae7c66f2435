import Foundation
import WellnessComposition

/// `{"module", "name", "description", "enabled", "enabledAt", "lastUsed"}` — nulls written out, as documented.
struct ModuleOutput: Encodable {
    let module: String
    /// The display name and description in the run's language; `nil` for a module from a newer
    /// version.
    let name: String?
    let description: String?
    let enabled: Bool
    let enabledAt: Date?
    let lastUsed: Date?

    init(_ entry: ModuleEntry, _ text: Localizer) {
        module = entry.module
        name = entry.trackingModule.map { text.string($0.name) }
        description = entry.trackingModule.map { text.string($0.summary) }
        enabled = entry.isEnabled
        enabledAt = entry.enabledAt
        lastUsed = entry.lastUsed
    }

    /// The known modules, in declaration order.
    static func list(_ settings: ModuleSettings, _ text: Localizer) -> [ModuleOutput] {
        TrackingModule.allCases.map { ModuleOutput(settings.entry(for: $0), text) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(module, forKey: .module)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(enabledAt, forKey: .enabledAt)
        try container.encode(lastUsed, forKey: .lastUsed)
    }

    enum CodingKeys: String, CodingKey { case module, name, description, enabled, enabledAt, lastUsed }
}

/// `{"name", "birthDate", "ageInWeeks", "lifePhase"}`.
struct ProfileOutput: Encodable {
    let name: String
    let birthDate: LocalDay
    let ageInWeeks: Int
    let lifePhase: DogLifePhase

    init(_ status: DogProfileStatus) {
        name = status.profile.name
        birthDate = status.profile.birthDate
        ageInWeeks = status.ageInWeeks
        lifePhase = status.lifePhase
    }
}

/// `{"id", "kind", "module"?, "daysSinceUse"?, "from"?, "to"?, "title", "subtitle"}`.
struct NudgeOutput: Encodable {
    let id: String
    let kind: Nudge.Kind
    let module: TrackingModule?
    let daysSinceUse: Int?
    let from: DogLifePhase?
    let to: DogLifePhase?
    let title: String
    let subtitle: String

    init(_ nudge: Nudge, _ text: Localizer) {
        id = nudge.id.description
        kind = nudge.kind
        module = nudge.module
        if case let .disableUnused(_, days) = nudge { daysSinceUse = days } else { daysSinceUse = nil }
        if case let .phaseTransition(from, to) = nudge { (self.from, self.to) = (from, to) } else { (from, to) = (nil, nil) }
        title = text.string(nudge.title)
        subtitle = text.string(nudge.subtitle)
    }
}
