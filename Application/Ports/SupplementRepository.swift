import WellnessDomain

/// Stores the supplement stack and what was taken on which day.
public protocol SupplementRepository: Sendable {
    /// The stored stack (empty and not seeded on a new store).
    func stack() async throws -> SupplementStack

    /// Reads the stack, lets `change` modify it, and saves it, atomically. Once the stored value is marked seeded, it stays so. When `change`
    /// throws, nothing is saved.
    func update<Result: Sendable>(_ change: @Sendable (inout SupplementStack) throws -> Result) async throws -> Result

    /// The logs whose day is in `days`, by day.
    func logs(on days: ClosedRange<LocalDay>) async throws -> [SupplementLog]

    /// Saves a log, replacing the earlier log of the same supplement and day.
    func save(_ log: SupplementLog) async throws
}
