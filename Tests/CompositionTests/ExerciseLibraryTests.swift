import Foundation
import Testing
import WellnessComposition
import WellnessTestSupport

/// The exercise library shipped in the bundle, and the journal, muscle and supplement keys.
@Suite("Bundled exercise library")
struct ExerciseLibraryTests {
    let library: [ExerciseDefinition]

    init() throws {
        library = try ExerciseDefinition.bundledLibrary()
    }

    @Test("at least 100 exercises")
    func atLeastAHundred() {
        #expect(library.count >= 100)
    }

    @Test("every muscle group is the primary group of at least 5 exercises", arguments: MuscleGroup.allCases)
    func everyGroup(group: MuscleGroup) {
        let count = library.filter { $0.muscleGroup == group }.count
        #expect(count >= 5, "\(group) has \(count)")
    }

    @Test("ids and names are unique; names are clean")
    func unique() {
        let ids = library.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count, "duplicate ids: \(Dictionary(grouping: ids) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        let names = library.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count,
                "duplicate names: \(Dictionary(grouping: names) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        for exercise in library {
            #expect(!exercise.id.rawValue.isEmpty && !exercise.id.rawValue.contains(" "), "\(exercise.id)")
            #expect(!exercise.name.isEmpty, "\(exercise.id)")
            #expect(exercise.name == exercise.name.trimmingCharacters(in: .whitespacesAndNewlines), "\(exercise.id)")
        }
    }

    @Test("the primary group is never also a secondary muscle, and secondaries are not repeated")
    func primaryNotSecondary() {
        for exercise in library {
            #expect(!exercise.secondaryMuscles.contains(exercise.muscleGroup), "\(exercise.id)")
            #expect(Set(exercise.secondaryMuscles).count == exercise.secondaryMuscles.count, "\(exercise.id)")
        }
    }

    @Test("every kind of equipment and the usual categories appear")
    func coverage() {
        #expect(Set(library.map(\.category)).isSuperset(of: [.strength, .cardio]))
        #expect(Set(library.map(\.equipment)).isSuperset(of: [.barbell, .dumbbell, .bodyweight, .cable, .machine]))
    }

    @Test("search finds the Romanian deadlift ignoring case and accents")
    func search() {
        let found = library.filter { $0.matches("ROMÁNIAN") }.map(\.name)
        #expect(found.contains("Romanian Deadlift"))
        #expect(found.allSatisfy { $0.lowercased().contains("romanian") })
    }

    @Test("a store seeds the bundled library once, listed by group", arguments: StoreKind.allCases)
    func seededThroughWellness(store: StoreKind) async throws {
        let directory = try TemporaryDirectory()
        let configuration = WellnessConfiguration(store: store, dataDirectory: directory.file("data"),
                                                  clock: FixedWallClock(Fixtures.instant("2026-01-05T09:00:00Z")),
                                                  calendar: Fixtures.calendar(), locale: .en)
        let wellness = try Wellness.make(configuration)
        let listed = try await wellness.exercises.list()
        #expect(listed.count == library.count)
        #expect(Set(listed.map(\.id)) == Set(library.map(\.id)))
        let chest = try await wellness.exercises.list(muscleGroup: .chest)
        #expect(chest.count >= 5 && chest.allSatisfy { $0.muscleGroup == .chest })
        #expect(try await wellness.exercises.search("romanian deadlift").map(\.name).contains("Romanian Deadlift"))
        #expect(try await wellness.exercises.list().count == library.count)
    }

    /// Every key of the journal tags, muscle groups, equipment and supplement times.
    static let keys: [LocalizedText] = JournalTag.allCases.map(\.name) + MuscleGroup.allCases.map(\.name)
        + Equipment.allCases.map(\.name) + Supplement.TimeOfDay.allCases.map(\.name)

    @Test("every tag, muscle group and supplement time key resolves in English and Dutch",
          arguments: WellnessLocale.allCases)
    func keysResolve(locale: WellnessLocale) {
        let table = Localizer.keys(of: locale)
        let localizer = Localizer(locale: locale)
        for text in Self.keys {
            #expect(table.contains(text.key), "\(locale) lacks \(text.key)")
            let resolved = localizer.string(text)
            #expect(resolved != text.key && !resolved.trimmingCharacters(in: .whitespaces).isEmpty,
                    "\(locale): \(text.key)")
        }
    }

    @Test("tags, groups and times have names distinct from each other within a language",
          arguments: WellnessLocale.allCases)
    func distinctNames(locale: WellnessLocale) {
        let localizer = Localizer(locale: locale)
        for texts in [JournalTag.allCases.map(\.name), MuscleGroup.allCases.map(\.name),
                      Supplement.TimeOfDay.allCases.map(\.name)] {
            let names = texts.map { localizer.string($0).lowercased() }
            #expect(Set(names).count == names.count, "\(locale): \(names)")
        }
    }

    @Test("Dutch tag names are Dutch, not the English ones")
    func dutchTranslated() {
        let english = Localizer(locale: .en)
        let dutch = Localizer(locale: .nl)
        let same = JournalTag.allCases.filter { english.string($0.name) == dutch.string($0.name) }
        // Loanwords Dutch shares with English are fine, but most names differ.
        #expect(same.count <= 4, "\(same)")
        #expect(dutch.string(JournalTag.coffee.name) == "Koffie")
    }
}
