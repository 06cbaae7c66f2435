import Foundation
import Logging
import WellnessApplication

/// Everything the container needs: which store and where, the clock, the person's calendar
/// (its time zone decides what "today" is) and language. Defaults are the live ones.
public struct WellnessConfiguration: Sendable {
    public var store: StoreKind
    public var dataDirectory: URL
    public var clock: any WallClock
    public var calendar: Calendar
    public var locale: WellnessLocale
    public var logger: Logger

    public init(store: StoreKind = .sqlite,
                dataDirectory: URL = DataDirectory.resolve(),
                clock: any WallClock = SystemWallClock(),
                calendar: Calendar = .current,
                locale: WellnessLocale = .en,
                logger: Logger = Logger(label: "wellness")) {
        self.store = store
        self.dataDirectory = dataDirectory
        self.clock = clock
        self.calendar = calendar
        self.locale = locale
        self.logger = logger
    }
}
