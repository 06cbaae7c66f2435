import Foundation
import WellnessComposition

/// A visit to the vet: a kind of record of the app's own, which Wellness keeps, backs up and
/// restores like its own kinds.
public struct VetVisit: Sendable, Equatable, Codable, Identifiable {
    public let id: UUID
    public let day: LocalDay
    public let clinic: String
    public let reason: String

    public init(id: UUID = UUID(), day: LocalDay, clinic: String, reason: String) {
        self.id = id
        self.day = day
        self.clinic = clinic
        self.reason = reason
    }
}

/// Vet visits, by id, oldest first; a visit names its clinic and why.
public enum VetVisits: StoredRecordKind {
    public static let collection: RecordCollection = "vetVisits"

    public static func identity(of visit: VetVisit) -> UUID { visit.id }

    public static func describe(_ id: UUID) -> String { id.uuidString.lowercased() }

    public static func validate(_ visit: VetVisit) throws(RecordRejection) {
        guard !visit.clinic.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw RecordRejection("a visit names its clinic")
        }
    }

    public static func precedes(_ lhs: VetVisit, _ rhs: VetVisit) -> Bool {
        (lhs.day, lhs.id.uuidString) < (rhs.day, rhs.id.uuidString)
    }
}

extension RecordRegistry {
    /// Wellness's kinds of records and the diary's own.
    public static let dogDiary = RecordRegistry.standard.adding(VetVisits.self)
}
