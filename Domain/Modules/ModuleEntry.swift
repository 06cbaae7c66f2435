import Foundation

/// What is stored for one module: whether it is on, when it was switched on, when last used.
///
/// `module` is the raw value, so an entry for a module this version does not know is kept.
public struct ModuleEntry: Sendable, Equatable, Codable {
    public var module: String
    public var isEnabled: Bool
    /// When the module was last switched on; `nil` while it is off.
    public var enabledAt: Date?
    /// When the module was last used; `nil` if never.
    public var lastUsed: Date?

    public init(module: String, isEnabled: Bool, enabledAt: Date? = nil, lastUsed: Date? = nil) {
        self.module = module
        self.isEnabled = isEnabled
        self.enabledAt = enabledAt
        self.lastUsed = lastUsed
    }

    /// The known module this entry is for, or `nil` for one from a newer version.
    public var trackingModule: TrackingModule? { TrackingModule(rawValue: module) }

    /// The moment activity is counted from: the later of last use and switching on.
    public var lastActivity: Date? {
        switch (lastUsed, enabledAt) {
        case let (used?, enabled?): max(used, enabled)
        case let (used?, nil): used
        case let (nil, enabled?): enabled
        case (nil, nil): nil
        }
    }

    /// Whole local calendar days from the last activity to `now`; `nil` when there is none.
    public func daysSinceActivity(now: Date, calendar: Calendar) -> Int? {
        guard let last = lastActivity else { return nil }
        return LocalDay(last, in: calendar).days(until: LocalDay(now, in: calendar))
    }
}
