import Foundation
import Testing
import WellnessComposition
import WellnessTestSupport

/// The composition root builds a working container for every built-in store.
@Suite("Wellness.make")
struct WellnessMakeTests {
    let start = Fixtures.instant("2026-01-05T09:00:00Z")
    let calendar = Fixtures.calendar()

    private func configuration(_ store: StoreKind, in directory: URL, clock: FixedWallClock,
                               locale: WellnessLocale = .en) -> WellnessConfiguration {
        WellnessConfiguration(store: store, dataDirectory: directory, clock: clock, calendar: calendar, locale: locale)
    }

    @Test("every store runs the module and nudge use cases end to end", arguments: StoreKind.allCases)
    func endToEnd(store: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        let data = directory.file("data")
        let clock = FixedWallClock(start)
        let wellness = try Wellness.make(configuration(store, in: data, clock: clock))

        let first = try await wellness.modules.list()
        #expect(first.enabledModules == [.medications, .walks, .feeding, .documents])
        #expect(first.entry(for: .walks).enabledAt == start)
        #expect(try await wellness.nudges.evaluate().isEmpty, "no nudge on day one")

        clock.advance(days: 10, calendar: calendar)
        try await wellness.modules.recordUse(.walks)
        clock.advance(days: 21, calendar: calendar)
        let nudges = try await wellness.nudges.evaluate()
        #expect(nudges.map(\.id.description) == ["disable_medications", "disable_feeding", "disable_documents", "simplify"])
        let outcome = try await wellness.nudges.apply(.simplify)
        guard case .disabled(let entries) = outcome else {
            Issue.record("simplify should disable: \(outcome)")
            return
        }
        #expect(entries.map(\.module) == ["medications", "feeding", "documents"])
        #expect(try await wellness.modules.list().enabledModules == [.walks])

        let status = try await wellness.profile.set(name: "Rex", birthDate: Fixtures.day("2025-10-01"))
        #expect(status.lifePhase == .puppy)
        let summary = try await wellness.todaySummary()
        #expect(summary.today == Fixtures.day("2026-02-05"))
        #expect(summary.dog?.profile.name == "Rex")

        switch store {
        case .memory:
            #expect(wellness.repositories.location == "memory")
            #expect(!FileManager.default.fileExists(atPath: data.path), "memory writes nothing")
        case .sqlite:
            #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("wellness.sqlite").path))
        case .json:
            #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("modules.json").path))
            #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("dog-profile.json").path))
        }
    }

    @Test("a second container on the same directory sees the first one's data",
          arguments: [StoreKind.sqlite, .json])
    func persists(store: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        let clock = FixedWallClock(start)
        let first = try Wellness.make(configuration(store, in: directory.url, clock: clock))
        _ = try await first.modules.setEnabled(TrackingModule.allCases, enabled: false)
        _ = try await first.profile.set(name: "Rex", birthDate: Fixtures.day("2023-06-01"))

        let second = try Wellness.make(configuration(store, in: directory.url, clock: clock))
        #expect(try await second.modules.list().enabledModules.isEmpty, "chose none stays none")
        #expect(try await second.profile.get()?.lifePhase == .adult)
    }

    @Test("memory containers do not share data")
    func memoryIsPrivate() async throws {
        let directory = try TemporaryDirectory()
        let clock = FixedWallClock(start)
        let first = try Wellness.make(configuration(.memory, in: directory.url, clock: clock))
        _ = try await first.profile.set(name: "Rex", birthDate: Fixtures.day("2023-06-01"))
        let second = try Wellness.make(configuration(.memory, in: directory.url, clock: clock))
        #expect(try await second.profile.get() == nil)
    }

    @Test("the container's localizer speaks the configured language")
    func locale() throws {
        let directory = try TemporaryDirectory()
        let wellness = try Wellness.make(configuration(.memory, in: directory.url, clock: FixedWallClock(start),
                                                       locale: .nl))
        #expect(wellness.localizer.locale == .nl)
        #expect(wellness.localizer.string("nudge.disable") == "Uitschakelen")
    }

    @Test("a store in a path that is a file fails with an error naming it", arguments: [StoreKind.sqlite, .json])
    func unusableDirectory(store: StoreKind) throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("not-a-directory")
        try Data("x".utf8).write(to: file)
        let error = #expect(throws: (any Error).self) {
            _ = try Wellness.make(configuration(store, in: file, clock: FixedWallClock(start)))
        }
        let message = (error as? any LocalizedError)?.errorDescription ?? "\(String(describing: error))"
        #expect(message.contains(file.path), "\(message)")
    }

    @Test("demo seeding through the container fills an empty store and refuses a full one",
          arguments: StoreKind.allCases)
    func demo(store: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        let wellness = try Wellness.make(configuration(store, in: directory.url, clock: FixedWallClock(start)))
        let report = try await WellnessDemo.seed(wellness.repositories, catalog: wellness.catalog, now: start, calendar: calendar)
        #expect(report.dogName == "Ollie")
        #expect(report.nudgeIDs.map(\.description)
            == ["disable_medications", "disable_socialization", "disable_documents", "phase_adult", "simplify"])
        await #expect(throws: WellnessDemoError.storeNotEmpty(wellness.repositories.location)) {
            _ = try await WellnessDemo.seed(wellness.repositories, catalog: wellness.catalog, now: start, calendar: calendar)
        }
    }
}
