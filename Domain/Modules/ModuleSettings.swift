import Foundation

/// The person's module choices and per-module activity.
///
/// Its absence from a store means "never chosen" (first run); a value with every module off
/// means "chose none", which must stay that way.
public struct ModuleSettings: Sendable, Equatable, Codable {
    /// One entry per module, known modules in declaration order, unknown ones after.
    public private(set) var entries: [ModuleEntry]

    public init(entries: [ModuleEntry]) {
        self.entries = Self.normalised(entries)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(entries: try container.decode([ModuleEntry].self, forKey: .entries))
    }

    /// The first-run settings: the default modules, switched on at `now`.
    public static func defaults(at now: Date) -> ModuleSettings {
        ModuleSettings(entries: TrackingModule.allCases.map { module in
            let on = TrackingModule.defaultEnabled.contains(module)
            return ModuleEntry(module: module.rawValue, isEnabled: on, enabledAt: on ? now : nil)
        })
    }

    /// The entry of a known module (every known module has one).
    public func entry(for module: TrackingModule) -> ModuleEntry {
        entries.first { $0.module == module.rawValue }
            ?? ModuleEntry(module: module.rawValue, isEnabled: false)
    }

    public func isEnabled(_ module: TrackingModule) -> Bool { entry(for: module).isEnabled }

    /// The known modules that are on, in declaration order.
    public var enabledModules: [TrackingModule] {
        TrackingModule.allCases.filter(isEnabled)
    }

    // MARK: - Changes

    /// Switches a module on, recording `now` as `enabledAt` unless it already was on.
    public mutating func enable(_ module: TrackingModule, at now: Date) {
        mutate(module) { entry in
            guard !entry.isEnabled else { return }
            entry.isEnabled = true
            entry.enabledAt = now
        }
    }

    /// Switches a module off; its usage history is kept.
    public mutating func disable(_ module: TrackingModule) {
        mutate(module) { entry in
            entry.isEnabled = false
            entry.enabledAt = nil
        }
    }

    /// Records that a module was used at `now`.
    public mutating func recordUse(of module: TrackingModule, at now: Date) {
        mutate(module) { $0.lastUsed = now }
    }

    /// Turns on exactly the default modules; usage history and unknown modules are kept.
    public mutating func resetToDefaults(at now: Date) {
        for module in TrackingModule.allCases {
            if TrackingModule.defaultEnabled.contains(module) {
                enable(module, at: now)
            } else {
                disable(module)
            }
        }
    }

    private mutating func mutate(_ module: TrackingModule, _ change: (inout ModuleEntry) -> Void) {
        if let index = entries.firstIndex(where: { $0.module == module.rawValue }) {
            change(&entries[index])
        } else {
            var entry = ModuleEntry(module: module.rawValue, isEnabled: false)
            change(&entry)
            entries = Self.normalised(entries + [entry])
        }
    }

    /// Adds missing known modules (off), drops duplicate raw values (first wins), and orders
    /// known modules by declaration, then unknown ones by raw value.
    private static func normalised(_ entries: [ModuleEntry]) -> [ModuleEntry] {
        var byModule: [String: ModuleEntry] = [:]
        for entry in entries where byModule[entry.module] == nil {
            byModule[entry.module] = entry
        }
        let known = TrackingModule.allCases.map {
            byModule.removeValue(forKey: $0.rawValue) ?? ModuleEntry(module: $0.rawValue, isEnabled: false)
        }
        let unknown = byModule.values.sorted { $0.module < $1.module }
        return known + unknown
    }
}

extension ModuleSettings {
    /// Loads the stored settings, creating the first-run defaults at `now` when none exist.
    public static func initialising(_ stored: inout ModuleSettings?, at now: Date) -> ModuleSettings {
        if let stored { return stored }
        let created = ModuleSettings.defaults(at: now)
        stored = created
        return created
    }
}
