import Foundation
import WellnessApplication
import WellnessDomain

/// The whole intervention log as one value, with the repository rules applied to it: the
/// shared implementation for adapters that hold the log in one piece (memory, one JSON file).
public struct InterventionLog: Sendable, Equatable, Codable {
    /// Every completion, in the order they were added.
    public private(set) var completions: [InterventionCompletion]
    /// Every decision; `append` keeps one per intervention and day.
    public private(set) var decisions: [InterventionDecision]

    /// A log holding these, as given.
    public init(completions: [InterventionCompletion] = [], decisions: [InterventionDecision] = []) {
        self.completions = completions
        self.decisions = decisions
    }

    /// The completions on `days`, by time (then intervention and id).
    public func completions(on days: ClosedRange<LocalDay>) -> [InterventionCompletion] {
        completions.filter { days.contains($0.day) }.sorted(by: Self.byTime)
    }

    /// The decisions on `days`, by day and then intervention.
    public func decisions(on days: ClosedRange<LocalDay>) -> [InterventionDecision] {
        decisions.filter { days.contains($0.day) }.sorted(by: Self.byDay)
    }

    /// The intervention's completions by time and its decisions by day.
    public func history(of id: Intervention.ID) -> InterventionHistory {
        InterventionHistory(completions: completions.filter { $0.interventionID == id }.sorted(by: Self.byTime),
                            decisions: decisions.filter { $0.interventionID == id }.sorted(by: Self.byDay))
    }

    /// Adds the completions; each decision replaces any for its intervention and day.
    public mutating func append(completions added: [InterventionCompletion], decisions decided: [InterventionDecision]) {
        completions += added
        for decision in decided {
            decisions.removeAll { $0.interventionID == decision.interventionID && $0.day == decision.day }
            decisions.append(decision)
        }
    }

    /// Records `decision`, dropping the catch-up completions of its intervention and day, and adds
    /// `completion` when there is one.
    public mutating func recordDecision(_ decision: InterventionDecision, completion: InterventionCompletion?) {
        completions.removeAll {
            $0.source == .catchUp && $0.interventionID == decision.interventionID && $0.day == decision.day
        }
        append(completions: completion.map { [$0] } ?? [], decisions: [decision])
    }

    static func byTime(_ a: InterventionCompletion, _ b: InterventionCompletion) -> Bool {
        (a.timestamp, a.interventionID, a.id.description) < (b.timestamp, b.interventionID, b.id.description)
    }

    static func byDay(_ a: InterventionDecision, _ b: InterventionDecision) -> Bool {
        (a.day, a.interventionID) < (b.day, b.interventionID)
    }
}
