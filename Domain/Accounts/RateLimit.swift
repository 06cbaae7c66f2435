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
            admit(at: now, under: limit, cost: 1)
        }

        /// Counts a request that costs `cost` units of the budget (records, say) at `now`:
        /// allowed while the budget is not yet spent, even when `cost` takes it past the limit
        /// (the next one then waits); `nil` when allowed, otherwise the whole seconds to wait (at
        /// least 1) before the next window opens. A cost of 0 only asks whether anything is left.
        public mutating func admit(at now: Date, under limit: RateLimit, cost: Int) -> Int? {
            renew(at: now, under: limit)
            guard count < limit.limit else {
                let wait = windowStart.addingTimeInterval(limit.window).timeIntervalSince(now)
                return max(1, Int(wait.rounded(.up)))
            }
            count += max(0, cost)
            return nil
        }

        /// Counts `cost` more units at `now`, whatever is left (what an admitted request turned
        /// out to cost: the records of a page, known once it is read).
        public mutating func charge(_ cost: Int, at now: Date, under limit: RateLimit) {
            renew(at: now, under: limit)
            count += max(0, cost)
        }

        /// A new window once the current one is over (or the clock went back).
        private mutating func renew(at now: Date, under limit: RateLimit) {
            if now.timeIntervalSince(windowStart) >= limit.window || now < windowStart {
                windowStart = now
                count = 0
            }
        }
    }
}
