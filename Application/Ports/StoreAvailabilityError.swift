/// An error of a store that can say the store is away for now — down, restarting, unreachable —
/// rather than that the request or the data is wrong. The same request may work later (repeating
/// an idempotent one is safe). A server answers it with 503 and `Retry-After`, never as its own
/// failure.
public protocol StoreAvailabilityError: Error {
    /// Whether the store is away for now.
    var isUnavailable: Bool { get }
}
