import Foundation
import WellnessDomain

/// Marks a milestone reached, and with it a use of the milestones module, in one transaction.
public struct ReachMilestone: Sendable {
    let milestones: ModuleTracker<MilestoneRecords>
    let time: TimeContext

    /// A use case writing through `milestones` (``WellnessRepositories/tracker(for:)``), with today from `time`.
    public init(milestones: ModuleTracker<MilestoneRecords>, time: TimeContext) {
        self.milestones = milestones
        self.time = time
    }

    /// Marks the milestone `id` (a built-in one's or an own one's) reached on `day` (today by
    /// default; never in the future), again if it was. Throws `ModuleOffError` when the module
    /// is off, `TimeProblem` for a day in the future, `InvalidValue` for an unknown id.
    @discardableResult
    public func execute(_ id: String, on day: LocalDay? = nil) async throws -> MilestoneStatus {
        let now = time.now()
        try await ModuleOffError.requireOn(.milestones, in: milestones.modules, now: now)
        let reached = try time.recordable(day ?? time.today())
        let known = MilestoneStatus.list(try await milestones.records.all())
        guard let status = known.first(where: { $0.id == id.lowercased() }) else {
            throw InvalidValue(kind: .milestone, value: id, valid: known.map(\.id))
        }
        let milestone = Milestone(id: status.id, title: status.ownTitle, reached: reached)
        try await milestones.write([milestone], removing: [], module: .milestones, at: now)
        return MilestoneStatus(id: status.id, builtIn: status.builtIn, ownTitle: status.ownTitle, reached: reached)
    }
}

/// Adds a milestone of the person's own, and with it a use of the milestones module.
public struct AddMilestone: Sendable {
    let milestones: ModuleTracker<MilestoneRecords>
    let time: TimeContext

    /// A use case writing through `milestones` (``WellnessRepositories/tracker(for:)``), with now from `time`.
    public init(milestones: ModuleTracker<MilestoneRecords>, time: TimeContext) {
        self.milestones = milestones
        self.time = time
    }

    /// Adds a milestone titled `title` (trimmed), not reached yet, with an id made from its title
    /// (`Milestone.ownID(for:taken:)`). Throws `ModuleOffError` when the module is off and
    /// `MilestoneError` for a title that breaks the rules or that an own milestone has already
    /// (case aside).
    @discardableResult
    public func execute(title: String) async throws -> MilestoneStatus {
        let now = time.now()
        try await ModuleOffError.requireOn(.milestones, in: milestones.modules, now: now)
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        try Milestone.checkTitle(trimmed)
        let existing = try await milestones.records.all()
        if let same = existing.first(where: { $0.title?.lowercased() == trimmed.lowercased() }) {
            throw MilestoneError.titleTaken(same.id)
        }
        let milestone = Milestone(id: Milestone.ownID(for: trimmed, taken: Set(existing.map(\.id))), title: trimmed,
                                  reached: nil)
        try await milestones.write([milestone], removing: [], module: .milestones, at: now)
        return MilestoneStatus(id: milestone.id, builtIn: nil, ownTitle: trimmed, reached: nil)
    }
}

/// Every milestone, built-in and own, and which were reached.
public struct ListMilestones: Sendable {
    let milestones: any RecordRepository<MilestoneRecords>
    let modules: any ModuleSettingsRepository
    let time: TimeContext

    /// A use case on the store's `milestones` and its `modules`, with now from `time`.
    public init(milestones: any RecordRepository<MilestoneRecords>, modules: any ModuleSettingsRepository, time: TimeContext) {
        self.milestones = milestones
        self.modules = modules
        self.time = time
    }

    /// The built-in milestones in their order, then the own ones (`MilestoneStatus.list`).
    /// Throws `ModuleOffError` when the milestones module is off.
    public func execute() async throws -> [MilestoneStatus] {
        try await ModuleOffError.requireOn(.milestones, in: modules, now: time.now())
        return MilestoneStatus.list(try await milestones.all())
    }
}
