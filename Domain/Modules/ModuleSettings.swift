import Foundation

/// The person's module choices and per-module activity.
///
/// Its absence from a store means "never chosen" (first run); a value with every module off
/// means "chose none", which must stay that way.
public struct ModuleSettings: Sendable, Equatable, Codable {
    /// One entry per module, known modules in declaration order, unknown ones after.
    public private(set) var entries: [ModuleEntry]
    /// When these settings were first created: the store's first run. `nil` in stores written
    /// before it was recorded.
    public private(set) var firstRunAt: Date?
    /// When the person first chose their modules (`setup`, or switching one on or off); `nil`
    /// while the first-run defaults were never looked at: the store was never set up.
    public private(set) var chosenAt: Date?

    public init(entries: [ModuleEntry], firstRunAt: Date? = nil, chosenAt: Date? = nil) {
        self.entries = Self.normalised(entries)
        self.firstRunAt = firstRunAt
        self.chosenAt = chosenAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(entries: try container.decode([ModuleEntry].self, forKey: .entries),
                  firstRunAt: try container.decodeIfPresent(Date.self, forKey: .firstRunAt),
                  chosenAt: try container.decodeIfPresent(Date.self, forKey: .chosenAt))
    }

    /// The first-run settings: the default modules, switched on at `now`, which is the first run.
    public static func defaults(at now: Date) -> ModuleSettings {
        ModuleSettings(entries: TrackingModule.allCases.map { module in
            let on = TrackingModule.defaultEnabled.contains(module)
            return ModuleEntry(module: module.rawValue, isEnabled: on, enabledAt: on ? now : nil)
        }, firstRunAt: now)
    }

    /// Whether the person never chose their modules (the first-run selection is still to do).
    public var needsSetup: Bool { chosenAt == nil }

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

    /// Records that the person chose their modules at `now`; the first choice is kept.
    public mutating func markChosen(at now: Date) {
        if chosenAt == nil { chosenAt = now }
    }

    /// The first-run selection: exactly `modules` on (switched on at `now` unless already on),
    /// every other known module off; usage history and unknown modules are kept.
    public mutating func choose(exactly modules: Set<TrackingModule>, at now: Date) {
        switchOn(exactly: modules, at: now)
        markChosen(at: now)
    }

    /// Turns on exactly the default modules; usage history and unknown modules are kept.
    public mutating func resetToDefaults(at now: Date) {
        switchOn(exactly: TrackingModule.defaultEnabled, at: now)
    }

    /// Exactly `modules` on (switched on at `now` unless already on), every other known one off.
    private mutating func switchOn(exactly modules: Set<TrackingModule>, at now: Date) {
        for module in TrackingModule.allCases {
            if modules.contains(module) { enable(module, at: now) } else { disable(module) }
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

    /// Records a use of `module` at `now` in `stored`, which becomes the first-run defaults
    /// (``defaults(at:)``) when there were none: what a tracker's write does to the settings in
    /// its own transaction.
    public static func recordingUse(of module: TrackingModule, at now: Date, in stored: inout ModuleSettings?) {
        var settings = initialising(&stored, at: now)
        settings.recordUse(of: module, at: now)
        stored = settings
    }
}
