import Foundation
import WellnessApplication
import WellnessDomain

/// How much water was drunk on a day: a kind of record the tests add to the registry, kept by
/// each store's ``RecordRepositories`` (no port or table of its own).
public struct WaterIntake: Sendable, Equatable, Codable {
    public let day: LocalDay
    public let millilitres: Int
    public let note: String?

    public init(day: LocalDay, millilitres: Int, note: String? = nil) {
        self.day = day
        self.millilitres = millilitres
        self.note = note
    }
}

/// Water intake, one record per day, between 0 and 20 litres.
public enum WaterIntakeRecords: StoredRecordKind {
    public static let collection: RecordCollection = "waterIntake"
    /// A collection added after version 1 of the archive.
    public static var archiveVersion: Int { 2 }

    public static func identity(of intake: WaterIntake) -> LocalDay { intake.day }

    public static func validate(_ intake: WaterIntake) throws(RecordRejection) {
        guard (0...20_000).contains(intake.millilitres) else {
            throw RecordRejection("\(intake.millilitres) ml is not between 0 and 20000")
        }
    }

    public static func precedes(_ lhs: WaterIntake, _ rhs: WaterIntake) -> Bool { lhs.day < rhs.day }

    /// Three days' intake, out of order.
    public static let samples = [
        WaterIntake(day: Fixtures.day("2026-11-21"), millilitres: 1_500),
        WaterIntake(day: Fixtures.day("2026-11-19"), millilitres: 2_250, note: "hot day ☀️ \"really\""),
        WaterIntake(day: Fixtures.day("2026-11-20"), millilitres: 0),
    ]

    /// More than 20 litres in a day.
    public static let invalid = WaterIntake(day: Fixtures.day("2026-11-22"), millilitres: 20_001)

    /// The same day's intake with more water.
    @Sendable public static func changed(_ intake: WaterIntake) -> WaterIntake {
        WaterIntake(day: intake.day, millilitres: intake.millilitres + 250, note: "more")
    }
}

extension RecordRegistry {
    /// Wellness's kinds and water intake.
    public static let withWaterIntake = RecordRegistry.standard.adding(WaterIntakeRecords.self)
}
