import Foundation
import WellnessApplication

/// Allowed tips destinations kept in memory only (tests, previews, the memory store).
public actor InMemoryTipsConsentRepository: TipsConsentRepository {
    private var destinations: Set<String>

    /// Allowing the destinations in `allowed`.
    public init(allowed: Set<String> = []) { destinations = allowed }

    public func isAllowed(_ destination: String) -> Bool { destinations.contains(destination) }
    public func allow(_ destination: String) { destinations.insert(destination) }
    public func allowed() -> [String] { destinations.sorted() }
}
