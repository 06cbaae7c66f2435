import Foundation
import WellnessApplication
import WellnessDomain

/// The whole intervention log as one value, with the repository rules applied to it: the
/// shared implementation for adapters that hold the log in one piece (memory, one JSON file).
public struct InterventionLog: Sendable, Equatable, Codable {
    public private(set) var completions: [InterventionCompletion]
    public private(set) var decisions: [InterventionDecision]

    public init(completions: [InterventionCompletion] = [], decisions: [InterventionDecision] = []) {
        self.completions = completions
        self.decisions = decisions
    }

    public func completions(on days: ClosedRange<LocalDay>) -> [InterventionCompletion] {
        completions.filter { days.contains($0.day) }.sorted(by: Self.byTime)
    }

    public func decisions(on days: ClosedRange<LocalDay>) -> [InterventionDecision] {
        decisions.filter { days.contains($0.day) }.sorted(by: Self.byDay)
    }

    public func history(of id: Intervention.ID) -> InterventionHistory {
        InterventionHistory(completions: completions.filter { $0.interventionID == id }.sorted(by: Self.byTime),
                            decisions: decisions.filter { $0.interventionID == id }.sorted(by: Self.byDay))
    }

    public mutating func append(completions added: [InterventionCompletion], decisions decided: [InterventionDecision]) {
        completions += added
        for decision in decided {
            decisions.removeAll { $0.interventionID == decision.interventionID && $0.day == decision.day }
            decisions.append(decision)
        }
    }

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
