import Foundation

/// A Drift view as shown: computed here, or read from a server through the cache.
public struct DriftReading<Value: Sendable>: Sendable {
    /// The newest value known.
    public let value: Value
    /// When the server sent it; `nil` when it was computed from the local store.
    public let fetchedAt: Date?
    /// The server could not be reached: `value` is what it sent at `fetchedAt`.
    public let offline: Bool

    /// A reading; by default one computed from the local store (no `fetchedAt`, not offline).
    public init(value: Value, fetchedAt: Date? = nil, offline: Bool = false) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.offline = offline
    }
}
