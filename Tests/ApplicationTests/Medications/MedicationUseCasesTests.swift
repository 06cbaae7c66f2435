import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport

/// The medications use cases on in-memory repositories, at a fixed now in Amsterdam.
@Suite("Medications: add, give, list, remove, due")
struct MedicationUseCasesTests {
    /// In-memory repositories with the medications use cases on them; now is Monday 5 January
    /// 2026, 09:00 in Amsterdam unless said otherwise.
    struct World {
        let repositories = WellnessRepositories.inMemory()
        let clock: FixedWallClock
        let time: TimeContext

        init(now: String = "2026-01-05T09:00:00+01:00") {
            clock = FixedWallClock(Fixtures.instant(now))
            time = TimeContext(clock: clock, calendar: Fixtures.calendar("Europe/Amsterdam"))
        }

        var medications: any RecordRepository<MedicationRecords> { repositories.records.repository(for: MedicationRecords.self) }
        var doses: any RecordRepository<MedicationDoseRecords> { repositories.records.repository(for: MedicationDoseRecords.self) }
        var add: AddMedication { AddMedication(medications: repositories.tracker(for: MedicationRecords.self), time: time) }
        var remove: RemoveMedication { RemoveMedication(medications: medications, modules: repositories.moduleSettings, time: time) }
        var give: GiveMedication {
            GiveMedication(doses: repositories.tracker(for: MedicationDoseRecords.self), medications: medications, time: time)
        }
        var list: ListMedications {
            ListMedications(medications: medications, doses: doses, modules: repositories.moduleSettings, time: time)
        }
        var due: ListDue {
            ListDue(modules: repositories.moduleSettings, sources: [list.dueSource],
                    marker: repositories.records.repository(for: DueMarkerRecords.self), time: time)
        }
        var now: Date { clock.now() }

        func switchMedications(on: Bool) async throws {
            _ = try await SetModulesEnabled(settings: repositories.moduleSettings, time: time).execute([.medications], enabled: on)
        }

        var lastUsed: Date? {
            get async throws { try await repositories.moduleSettings.load()?.entry(for: .medications).lastUsed }
        }
    }

    static func local(_ text: String) -> Date { Fixtures.instant("\(text):00+01:00") }

    static func medication(_ name: String = "Rimadyl", every: String = "1d", from: String = "2026-01-05",
                           time: String = "08:00", dose: String? = nil, until: String? = nil) throws -> Medication {
        try Medication(name: name, period: MedicationPeriod.parse(every), from: Fixtures.day(from), time: WallTime.parse(time),
                       dose: dose, until: until.map(Fixtures.day))
    }

    @Test("add saves the medication and records the module's use now")
    func add() async throws {
        let world = World()
        let added = try await world.add.execute(try Self.medication(dose: " 1 tablet "))
        #expect(added.dose == "1 tablet")
        #expect(try await world.medications.all() == [added])
        #expect(try await world.lastUsed == world.now)
        #expect(try await world.repositories.moduleSettings.load()?.entry(for: .walks).lastUsed == nil)
    }

    @Test("a name given twice, in any case, is refused naming it, and nothing changes")
    func twice() async throws {
        let world = World()
        let first = try await world.add.execute(try Self.medication())
        world.clock.set(Self.local("2026-01-05T10:00"))
        await #expect(throws: MedicationError.alreadyExists("Rimadyl")) {
            try await world.add.execute(try Self.medication(" RIMADYL", every: "12h"))
        }
        #expect(try await world.medications.all() == [first])
        #expect(try await world.lastUsed == Self.local("2026-01-05T09:00"), "a refused add is no use")
    }

    @Test("give records a dose of the medication named in any case, and which scheduled dose it counts for")
    func give() async throws {
        let world = World()
        try await world.add.execute(try Self.medication())
        world.clock.set(Self.local("2026-01-05T11:00"))
        let given = try await world.give.execute(name: "rimadyl ", at: Self.local("2026-01-05T10:30"))
        #expect(given.medication.name == "Rimadyl" && given.dose.medication == "rimadyl")
        #expect(given.dose.at == Self.local("2026-01-05T10:30"))
        #expect(given.counted == Self.local("2026-01-05T08:00"), "late, still for 08:00")
        #expect(try await world.doses.all() == [given.dose])
        #expect(try await world.lastUsed == world.now)
        let again = try await world.give.execute(name: "Rimadyl")
        #expect(again.dose.at == world.now && again.counted == nil, "a second dose counts for none")
    }

    @Test("giving a medication that does not exist is refused naming it; a time in the future too; nothing saved")
    func giveRefused() async throws {
        let world = World()
        await #expect(throws: MedicationError.notFound("Metacam")) { try await world.give.execute(name: "Metacam") }
        try await world.add.execute(try Self.medication())
        let used = try await world.lastUsed
        world.clock.set(Self.local("2026-01-05T10:00"))
        await #expect(throws: TimeProblem.self) { try await world.give.execute(name: "Rimadyl", at: Self.local("2026-01-05T12:00")) }
        #expect(try await world.doses.all().isEmpty)
        #expect(try await world.lastUsed == used)
    }

    @Test("list: by name, the next dose, the one overdue and the last given; a late dose does not move the schedule")
    func list() async throws {
        let world = World(now: "2026-01-05T07:00:00+01:00")
        try await world.add.execute(try Self.medication("Rimadyl"))
        try await world.add.execute(try Self.medication("apoquel", every: "12h", from: "2026-01-04", time: "20:00"))
        world.clock.set(Self.local("2026-01-05T11:00"))
        try await world.give.execute(name: "Rimadyl", at: Self.local("2026-01-05T10:45"))
        let statuses = try await world.list.execute()
        #expect(statuses.map(\.medication.name) == ["apoquel", "Rimadyl"])
        let apoquel = statuses[0], rimadyl = statuses[1]
        #expect(apoquel.overdue == Self.local("2026-01-05T08:00") && apoquel.next == Self.local("2026-01-05T20:00"))
        #expect(apoquel.lastGiven == nil)
        #expect(rimadyl.overdue == nil && rimadyl.next == Self.local("2026-01-06T08:00"))
        #expect(rimadyl.lastGiven == Self.local("2026-01-05T10:45"))
        world.clock.set(Self.local("2026-01-06T08:01"))
        #expect(try await world.list.execute()[1].overdue == Self.local("2026-01-06T08:00"), "due at 08:00, not 10:45")
    }

    @Test("due lists the latest scheduled dose not given, from its time until the next one's, oldest first")
    func due() async throws {
        let world = World(now: "2026-01-05T07:00:00+01:00")
        try await world.add.execute(try Self.medication("Rimadyl"))
        try await world.add.execute(try Self.medication("Apoquel", time: "07:30"))
        #expect(try await world.due.execute().isEmpty, "nothing yet at 07:00")
        world.clock.set(Self.local("2026-01-05T09:00"))
        #expect(try await world.due.execute() == [
            DueItem(kind: .medication, name: "Apoquel", since: Self.local("2026-01-05T07:30")),
            DueItem(kind: .medication, name: "Rimadyl", since: Self.local("2026-01-05T08:00")),
        ])
        try await world.give.execute(name: "apoquel")
        #expect(try await world.due.execute().map(\.name) == ["Rimadyl"])
        world.clock.set(Self.local("2026-01-06T08:30"))
        #expect(try await world.due.execute().map(\.since) == [Self.local("2026-01-06T07:30"), Self.local("2026-01-06T08:00")],
                "yesterday's Rimadyl was missed; today's are due")
        try await world.switchMedications(on: false)
        #expect(try await world.due.execute().isEmpty, "a module off has nothing due")
    }

    @Test("remove removes the medication, named in any case; its doses stay; a second remove is refused")
    func remove() async throws {
        let world = World()
        try await world.add.execute(try Self.medication())
        try await world.give.execute(name: "Rimadyl")
        world.clock.set(Self.local("2026-01-05T10:00"))
        let removed = try await world.remove.execute(name: "RIMADYL")
        #expect(removed.name == "Rimadyl")
        #expect(try await world.medications.all().isEmpty)
        #expect(try await world.doses.all().count == 1, "the doses given stay as history")
        #expect(try await world.lastUsed == world.now)
        await #expect(throws: MedicationError.notFound("Rimadyl")) { try await world.remove.execute(name: "Rimadyl") }
        #expect(try await world.list.execute().isEmpty)
    }

    @Test("the module off: add, give, list and remove throw ModuleOffError.off(.medications); nothing changes; on again, all is back")
    func moduleOff() async throws {
        let world = World()
        try await world.add.execute(try Self.medication())
        let used = world.now
        world.clock.set(Self.local("2026-01-05T10:00"))
        try await world.switchMedications(on: false)
        await #expect(throws: ModuleOffError.off(.medications)) { try await world.add.execute(try Self.medication("Other")) }
        await #expect(throws: ModuleOffError.off(.medications)) { try await world.give.execute(name: "Rimadyl") }
        await #expect(throws: ModuleOffError.off(.medications)) { try await world.list.execute() }
        await #expect(throws: ModuleOffError.off(.medications)) { try await world.remove.execute(name: "Rimadyl") }
        await #expect(throws: ModuleOffError.off(.medications)) { try await world.give.execute(name: "Nothing") }
        #expect(try await world.medications.all().map(\.name) == ["Rimadyl"])
        #expect(try await world.doses.all().isEmpty)
        #expect(try await world.lastUsed == used)
        try await world.switchMedications(on: true)
        #expect(try await world.list.execute().map(\.medication.name) == ["Rimadyl"])
    }
}
