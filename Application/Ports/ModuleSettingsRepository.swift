import WellnessDomain

/// Stores the person's module choices and per-module activity.
public protocol ModuleSettingsRepository: Sendable {
    /// The stored settings, or `nil` when none were ever saved (first run).
    func load() async throws -> ModuleSettings?

    /// Reads the settings, lets `change` modify them and saves the result, atomically: no
    /// other writer, in this process or another, runs between the read and the write. When
    /// `change` throws, nothing is saved and the error is rethrown.
    func update<Result: Sendable>(
        _ change: @Sendable (inout ModuleSettings?) throws -> Result
    ) async throws -> Result
}
