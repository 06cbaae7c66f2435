import WellnessDomain

/// Adherence per active supplement and overall over the last 7 or 30 days.
public struct GetSupplementAdherence: Sendable {
    let supplements: any SupplementRepository
    let defaults: [Supplement]
    let time: TimeContext

    /// The numbers of days adherence can be asked for.
    public static let windows = [7, 30]

    /// `defaults` is the stack seeded on first use (``SupplementStack/defaults`` unless localised).
    public init(supplements: any SupplementRepository, time: TimeContext, defaults: [Supplement] = SupplementStack.defaults) {
        self.supplements = supplements
        self.defaults = defaults
        self.time = time
    }

    /// Adherence over the last `days` days, today included; throws `InvalidValue` unless `days` is one of
    /// `windows`.
    public func execute(days: Int = 7) async throws -> SupplementAdherence {
        guard Self.windows.contains(days) else {
            throw InvalidValue(kind: .adherenceWindow, value: "\(days)", valid: Self.windows.map(String.init))
        }
        let window = try time.lastDays(days)
        let stack = try await SeededStack(supplements, defaults: defaults).load()
        let logs = try await supplements.logs(on: window)
        return SupplementAdherence(stack: stack.supplements, logs: logs, days: days, today: window.upperBound)
    }
}
