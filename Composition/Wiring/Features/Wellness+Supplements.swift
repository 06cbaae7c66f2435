import Foundation
import WellnessApplication
import WellnessDomain

extension Wellness {
    /// The supplement stack (seed 003): morning and evening, and what was taken on which day.
    public struct Supplements: Sendable {
        let listSupplements: ListSupplements
        let addSupplement: AddSupplement
        let editSupplement: EditSupplement
        let moveSupplement: MoveSupplement
        let removeSupplement: RemoveSupplement
        let setSupplementTaken: SetSupplementTaken
        let getSupplementAdherence: GetSupplementAdherence

        init(supplements: any SupplementRepository, defaults: [Supplement], time: TimeContext) {
            listSupplements = ListSupplements(supplements: supplements, time: time, defaults: defaults)
            addSupplement = AddSupplement(supplements: supplements, defaults: defaults)
            editSupplement = EditSupplement(supplements: supplements, defaults: defaults)
            moveSupplement = MoveSupplement(supplements: supplements, defaults: defaults)
            removeSupplement = RemoveSupplement(supplements: supplements, defaults: defaults)
            setSupplementTaken = SetSupplementTaken(supplements: supplements, time: time, defaults: defaults)
            getSupplementAdherence = GetSupplementAdherence(supplements: supplements, time: time, defaults: defaults)
        }

        /// The stack with what was taken on a day (today by default).
        public func list(day: LocalDay? = nil) async throws -> [SupplementStatus] {
            try await listSupplements.execute(day: day)
        }

        /// Adds a supplement at the end of its time of day.
        @discardableResult
        public func add(name: String, timeOfDay: Supplement.TimeOfDay, dosage: String) async throws -> Supplement {
            try await addSupplement.execute(name: name, timeOfDay: timeOfDay, dosage: dosage)
        }

        /// Renames, re-doses, moves to morning or evening, or (de)activates a supplement found
        /// by name or id.
        @discardableResult
        public func edit(_ reference: String, name: String? = nil, timeOfDay: Supplement.TimeOfDay? = nil,
                         dosage: String? = nil, isActive: Bool? = nil) async throws -> Supplement {
            try await editSupplement.execute(reference, name: name, timeOfDay: timeOfDay, dosage: dosage,
                                             isActive: isActive)
        }

        /// Moves a supplement to a position (0-based) within its time of day.
        @discardableResult
        public func move(_ reference: String, to position: Int) async throws -> SupplementStack {
            try await moveSupplement.execute(reference, to: position)
        }

        /// Deletes a supplement; its history stays.
        @discardableResult
        public func remove(_ reference: String) async throws -> Supplement { try await removeSupplement.execute(reference) }

        /// Marks a supplement taken or not on a day (today by default).
        @discardableResult
        public func setTaken(_ reference: String, taken: Bool, day: LocalDay? = nil) async throws -> SupplementLog {
            try await setSupplementTaken.execute(reference, taken: taken, day: day)
        }

        /// How often each active supplement was taken over the last 7 or 30 days.
        public func adherence(days: Int = 7) async throws -> SupplementAdherence {
            try await getSupplementAdherence.execute(days: days)
        }
    }
}
