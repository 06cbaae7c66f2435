import Foundation

/// A fixed-window request budget: at most `limit` requests per `window` per client, as a pure
/// value fed the current instant (the server keeps one per token).
public struct RateLimit: Sendable, Hashable, Codable {
    public let limit: Int
    public let window: TimeInterval

    public init(limit: Int, window: TimeInterval) {
        precondition(limit > 0 && window > 0, "a rate limit needs a positive limit and window")
        self.limit = limit
        self.window = window
    }

    /// One client's use of its budget.
    public struct Counter: Sendable, Hashable {
        public private(set) var windowStart: Date
        public private(set) var count: Int

        public init(start: Date) {
            windowStart = start
            count = 0
        }

        /// Counts a request at `now`: `nil` when it is allowed, otherwise the whole seconds to
        /// wait (at least 1) before the next window opens — the `Retry-After` value.
        public mutating func admit(at now: Date, under limit: RateLimit) -> Int? {
            if now.timeIntervalSince(windowStart) >= limit.window || now < windowStart {
                windowStart = now
                count = 0
            }
            guard count < limit.limit else {
                let wait = windowStart.addingTimeInterval(limit.window).timeIntervalSince(now)
                return max(1, Int(wait.rounded(.up)))
            }
            count += 1
            return nil
        }
    }
}
