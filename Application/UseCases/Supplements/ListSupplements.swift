import Foundation
import WellnessDomain

/// The stack for a day: every supplement (morning first, by sort order) with its taken
/// state, restored exactly. Seeds the default stack the first time supplements are used.
public struct ListSupplements: Sendable {
    let supplements: any SupplementRepository
    let defaults: [Supplement]
    let time: TimeContext

    /// `defaults` is the stack seeded on first use (``SupplementStack/defaults`` unless localised).
    public init(supplements: any SupplementRepository, time: TimeContext, defaults: [Supplement] = SupplementStack.defaults) {
        self.supplements = supplements
        self.defaults = defaults
        self.time = time
    }

    /// The stack on `day` (today when `nil`), as the type describes.
    public func execute(day: LocalDay? = nil) async throws -> [SupplementStatus] {
        let day = day ?? time.today()
        let stack = try await SeededStack(supplements, defaults: defaults).load()
        return SupplementStatus.statuses(of: stack, logs: try await supplements.logs(on: day...day))
    }
}
