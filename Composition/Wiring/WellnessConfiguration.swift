import Foundation
import Logging
import WellnessApplication
import WellnessTips

/// Everything the container needs: which store and where, the clock, the person's calendar
/// (its time zone decides what "today" is) and language. Defaults are the live ones.
public struct WellnessConfiguration: Sendable {
    /// Which built-in store to open; SQLite by default.
    public var store: StoreKind
    /// Where the store keeps its files (the memory store keeps none); by default
    /// `DataDirectory.resolve()` (`$WELLNESS_DATA_DIR`, else `wellness` in the XDG data directory).
    public var dataDirectory: URL
    /// Tells the time; the real time (`SystemWallClock`) by default.
    public var clock: any WallClock
    /// The person's calendar, whose time zone decides where each day begins; `.current` by default.
    public var calendar: Calendar
    /// The language of the container's messages (`Wellness.localizer`), the bundled catalog, the
    /// default supplements and the rule-based tips; English by default.
    public var locale: WellnessLocale
    /// Where the stores and the other adapters built from this configuration log; labelled
    /// `wellness` by default.
    public var logger: Logger
    /// The intervention catalog; `nil` for the bundled default.
    public var catalog: InterventionCatalog?
    /// Where health hints come from (a platform's health store, say); `nil` for the health data
    /// imported into the store (``Wellness/Health``), which shows nothing until an import.
    public var health: (any HealthDataSource)?
    /// Where goal tips come from (an AI service, say `WellnessAITips`'s); `nil` for the rule-based
    /// service in ``locale``. When it fails and nothing is cached, the rules answer instead. While
    /// logged in to a server (``remote``), tips come from the server.
    public var tipsService: (any GoalTipsService)?
    /// A tier that wins over the stored one (`WELLNESS_TIER`); `nil` to use the stored tier.
    public var tierOverride: Tier?
    /// Set while logged in to a server (see ``RemoteConnection``); `nil` to keep everything local.
    public var remote: RemoteConnection?

    /// Each setting defaults as its property says: SQLite in `DataDirectory.resolve()`, the real
    /// time, the current calendar, English, and none of the optional ones.
    public init(store: StoreKind = .sqlite,
                dataDirectory: URL = DataDirectory.resolve(),
                clock: any WallClock = SystemWallClock(),
                calendar: Calendar = .current,
                locale: WellnessLocale = .en,
                logger: Logger = Logger(label: "wellness"),
                catalog: InterventionCatalog? = nil,
                health: (any HealthDataSource)? = nil,
                tipsService: (any GoalTipsService)? = nil,
                tierOverride: Tier? = nil,
                remote: RemoteConnection? = nil) {
        self.store = store
        self.dataDirectory = dataDirectory
        self.clock = clock
        self.calendar = calendar
        self.locale = locale
        self.logger = logger
        self.catalog = catalog
        self.health = health
        self.tipsService = tipsService
        self.tierOverride = tierOverride
        self.remote = remote
    }
}
