import Foundation

/// Tells the current time. Injected so every rule can be tested at a fixed moment
/// (`Swift.Clock` is a different thing: it measures durations).
public protocol WallClock: Sendable {
    /// The current instant.
    func now() -> Date
}
