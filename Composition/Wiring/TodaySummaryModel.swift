import Foundation
import Observation
import WellnessApplication

/// Today's summary for an app's screen, kept current: it loads ``Wellness/todaySummary()`` and
/// loads it again whenever the store changes (a write of this app, of another process on the
/// same store, or of a sync). SwiftUI redraws a view that reads ``summary`` on its own:
///
/// ```swift
/// struct TodayView: View {
///     @State var model: TodaySummaryModel
///     var body: some View {
///         List { /* model.summary … */ }
///             .task { await model.observe() }
///     }
/// }
/// ```
///
/// The Observation framework first shipped with macOS 14, iOS 17, tvOS 17 and watchOS 10; on
/// older systems an app iterates ``Wellness/changes(pollingEvery:)`` itself.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class TodaySummaryModel {
    /// The summary as last loaded; `nil` until the first load succeeds.
    public private(set) var summary: TodaySummary?
    /// Why the last load failed; `nil` when it succeeded. The summary before it stays.
    public private(set) var failure: (any Error)?
    /// How many loads finished (successful or not).
    public private(set) var loads = 0

    @ObservationIgnored private let wellness: Wellness

    /// A model of `wellness`'s summary, empty until ``refresh()`` or ``observe(pollingEvery:)``.
    public init(wellness: Wellness) {
        self.wellness = wellness
    }

    /// Loads the summary now. A load cut short by its task's cancellation changes nothing.
    public func refresh() async {
        do {
            let loaded = try await wellness.todaySummary()
            summary = loaded
            failure = nil
        } catch {
            if Task.isCancelled || error is CancellationError { return }
            failure = error
        }
        loads += 1
    }

    /// Loads the summary, then loads it again after each change to the store, until the calling
    /// task is cancelled. Changes that arrive while a load runs are answered by one more load, not
    /// one each.
    /// Other processes' writes are checked every `interval`.
    public func observe(pollingEvery interval: Duration = .seconds(1)) async {
        let changes: AsyncStream<StoreChange>
        do {
            // Subscribed before the first load, so a write during it is not missed.
            changes = try wellness.repositories.changes.changes(pollingEvery: interval, buffering: .bufferingNewest(1))
        } catch {
            failure = error
            loads += 1
            return
        }
        await refresh()
        for await _ in changes {
            guard !Task.isCancelled else { break }
            await refresh()
        }
    }
}
