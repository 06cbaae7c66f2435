import Foundation
import Testing
import WellnessTestSupport

/// `wellness exercises …` end to end, against the built binary, on each persistent store.
@Suite("CLI: exercises")
struct ExercisesCLITests {
    static let exerciseKeys: Set<String> = ["id", "name", "muscleGroup", "secondaryMuscles", "equipment", "category"]
    static let allEquipment = ["barbell", "dumbbell", "kettlebell", "cable", "machine", "bodyweight", "band",
                               "cardioMachine"]
    static let allCategories: Set<String> = ["strength", "cardio", "plyometric", "mobility"]

    static func names(_ list: [[String: Any]]) -> [String] {
        list.map { $0["name"] as? String ?? "?" }
    }

    /// Case- and accent-insensitive form, as a person searching expects.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    @Test("exercises list --json: at least 100 well-formed exercises, by group then name, the same in a later process",
          arguments: persistentStores)
    func list(store: String) async throws {
        let cli = try Sandbox(store: store)
        let all = try await cli.exercises(["list"])
        #expect(all.count >= 100, "\(all.count)")
        for exercise in all {
            #expect(Set(exercise.keys) == Self.exerciseKeys, "\(exercise)")
            #expect((exercise["id"] as? String)?.isEmpty == false, "\(exercise)")
            #expect((exercise["name"] as? String)?.isEmpty == false, "\(exercise)")
            #expect(allMuscleGroups.contains(exercise["muscleGroup"] as? String ?? ""), "\(exercise)")
            let secondary = try #require(exercise["secondaryMuscles"] as? [String], "\(exercise)")
            #expect(secondary.allSatisfy(allMuscleGroups.contains), "\(exercise)")
            #expect(Self.allEquipment.contains(exercise["equipment"] as? String ?? ""), "\(exercise)")
            #expect(Self.allCategories.contains(exercise["category"] as? String ?? ""), "\(exercise)")
        }
        #expect(Set(all.compactMap { $0["id"] as? String }).count == all.count, "unique ids")
        #expect(Set(all.compactMap { $0["name"] as? String }).count == all.count, "unique names")

        // Sorted by group (declaration order), then name.
        let order = Dictionary(uniqueKeysWithValues: allMuscleGroups.enumerated().map { ($1, $0) })
        let keys = all.map { (order[$0["muscleGroup"] as? String ?? ""] ?? -1, $0["name"] as? String ?? "") }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { pair in pair.0 <= pair.1 }, "by group, then name")
        for group in allMuscleGroups {
            #expect(all.filter { $0["muscleGroup"] as? String == group }.count >= 5, "\(group)")
        }
        let romanian = try #require(all.first { $0["name"] as? String == "Romanian Deadlift" })
        #expect(romanian["muscleGroup"] as? String == "hamstrings")

        // Seeded once: a later process lists exactly the same.
        let first = try await cli.ok(["exercises", "list", "--json"], now: Moment.start)
        let later = try await cli.ok(["exercises", "list", "--json"], now: Moment.after(days: 30))
        #expect(first.stdout == later.stdout)

        let text = try await cli.ok(["exercises", "list"], now: Moment.start)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == all.count + 1, "a header and one line each")
        #expect(lines.first?.hasPrefix("NAME") == true, "\(text)")
        #expect(lines.contains { $0.hasPrefix("Romanian Deadlift") && $0.contains("Hamstrings")
                                 && $0.hasSuffix("romanian_deadlift") }, "\(text)")
    }

    @Test("both stores hold the same library")
    func sameLibraryOnEveryStore() async throws {
        let sqlite = try await Sandbox(store: "sqlite").ok(["exercises", "list", "--json"], now: Moment.start)
        let json = try await Sandbox(store: "json").ok(["exercises", "list", "--json"], now: Moment.start)
        #expect(sqlite.stdout == json.stdout)
    }

    @Test("--muscle and --equipment filter the list, alone and together", arguments: persistentStores)
    func filters(store: String) async throws {
        let cli = try Sandbox(store: store)
        let all = try await cli.exercises(["list"])

        let chest = try await cli.exercises(["list", "--muscle", "chest"])
        #expect(chest.count >= 5)
        #expect(chest.allSatisfy { $0["muscleGroup"] as? String == "chest" }, "only chest")
        #expect(Self.names(chest) == Self.names(all.filter { $0["muscleGroup"] as? String == "chest" }))
        #expect(Self.names(chest) == Self.names(chest).sorted(), "by name")

        let kettlebell = try await cli.exercises(["list", "--equipment", "kettlebell"])
        #expect(!kettlebell.isEmpty)
        #expect(kettlebell.allSatisfy { $0["equipment"] as? String == "kettlebell" }, "only kettlebell")
        #expect(Self.names(kettlebell) == Self.names(all.filter { $0["equipment"] as? String == "kettlebell" }))

        let both = try await cli.exercises(["list", "--muscle", "hamstrings", "--equipment", "dumbbell"])
        #expect(!both.isEmpty)
        #expect(Self.names(both) == Self.names(all.filter {
            $0["muscleGroup"] as? String == "hamstrings" && $0["equipment"] as? String == "dumbbell"
        }))
        #expect(Self.names(both).contains("Dumbbell Romanian Deadlift"))

        // Group names are forgiving: case, spaces, hyphens, and the abs and quadriceps aliases.
        let core = Self.names(try await cli.exercises(["list", "--muscle", "core"]))
        #expect(Self.names(try await cli.exercises(["list", "--muscle", "abs"])) == core)
        #expect(Self.names(try await cli.exercises(["list", "--muscle", "Abs/Core"])) == core)
        let fullBody = Self.names(all.filter { $0["muscleGroup"] as? String == "fullBody" })
        #expect(Self.names(try await cli.exercises(["list", "--muscle", "full body"])) == fullBody)
        #expect(Self.names(try await cli.exercises(["list", "--muscle", "Full-Body"])) == fullBody)
        #expect(Self.names(try await cli.exercises(["list", "--muscle", "QUADRICEPS"]))
            == Self.names(all.filter { $0["muscleGroup"] as? String == "quads" }))
    }

    @Test("an unknown muscle group or equipment: exit 64 naming it and listing the valid ones, nothing written")
    func unknownFilter() async throws {
        let cli = try Sandbox()
        let muscle = try await cli.run(["exercises", "list", "--muscle", "nope"], now: Moment.start)
        #expect(muscle.status == 64, "\(muscle)")
        #expect(muscle.stdout.isEmpty, "\(muscle)")
        #expect(muscle.stderr.contains("'nope'"), "\(muscle)")
        for group in allMuscleGroups {
            #expect(muscle.stderr.contains(group), "\(group): \(muscle)")
        }
        let equipment = try await cli.run(["exercises", "list", "--equipment", "trx"], now: Moment.start)
        #expect(equipment.status == 64, "\(equipment)")
        #expect(equipment.stderr.contains("'trx'"), "\(equipment)")
        for item in Self.allEquipment {
            #expect(equipment.stderr.contains(item), "\(item): \(equipment)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.data.path), "a refused command writes nothing")
    }

    @Test("exercises search ignores case and accents", arguments: persistentStores)
    func search(store: String) async throws {
        let cli = try Sandbox(store: store)
        let plain = try await cli.exercises(["search", "romanian"])
        #expect(Self.names(plain).contains("Romanian Deadlift"), "\(Self.names(plain))")
        #expect(Self.names(plain).allSatisfy { Self.folded($0).contains("romanian") })
        #expect(Self.names(plain) == Self.names(plain).sorted(), "by name")
        for variant in ["ROMÁNIAN", "Románian", "rOmÂnIaN", "  romanian ", "ROMANIAN DEADLIFT", "románian déadlift"] {
            let found = try await cli.exercises(["search", variant])
            #expect(Self.names(found).contains("Romanian Deadlift"), "\(variant): \(Self.names(found))")
            if !variant.lowercased().contains("dead") {
                #expect(Self.names(found) == Self.names(plain), "\(variant)")
            }
        }
        let exact = try await cli.exercises(["search", "Romanian Deadlift"])
        #expect(exact.allSatisfy { Self.folded($0["name"] as? String ?? "").contains("romanian deadlift") })
        #expect(Set(exact.first { $0["name"] as? String == "Romanian Deadlift" }.map { Array($0.keys) } ?? [])
            == Self.exerciseKeys)

        // Exactly the exercises whose name contains the text.
        let all = try await cli.exercises(["list"])
        let deadlifts = Self.names(all.filter { Self.folded($0["name"] as? String ?? "").contains("deadlift") }).sorted()
        #expect(Self.names(try await cli.exercises(["search", "DEADLIFT"])) == deadlifts)

        let none = try await cli.exercises(["search", "xyzzy"])
        #expect(none.isEmpty)
        let text = try await cli.ok(["exercises", "search", "xyzzy"], now: Moment.start)
        #expect(text.stdout.contains("No exercises match."), "\(text)")
        let found = try await cli.ok(["exercises", "search", "ROMÁNIAN"], now: Moment.start)
        #expect(found.stdout.contains("Romanian Deadlift"), "\(found)")
    }

    @Test("exercises groups: the 13 groups, each with at least 5 exercises, matching the list",
          arguments: persistentStores)
    func groups(store: String) async throws {
        let cli = try Sandbox(store: store)
        let groups = try await cli.exercises(["groups"])
        #expect(groups.map { $0["group"] as? String } == allMuscleGroups)
        for entry in groups {
            #expect(Set(entry.keys) == ["group", "name", "exercises"], "\(entry)")
            #expect((entry["exercises"] as? Int ?? 0) >= 5, "\(entry)")
        }
        #expect(groups.first { $0["group"] as? String == "core" }?["name"] as? String == "Abs/Core")
        #expect(groups.first { $0["group"] as? String == "fullBody" }?["name"] as? String == "Full body")

        let all = try await cli.exercises(["list"])
        #expect(groups.map { $0["exercises"] as? Int ?? 0 }.reduce(0, +) == all.count)
        for entry in groups {
            let group = entry["group"] as? String ?? "?"
            #expect(entry["exercises"] as? Int == all.filter { $0["muscleGroup"] as? String == group }.count, "\(group)")
        }

        let text = try await cli.ok(["exercises", "groups"], now: Moment.start)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 14, "a header and 13 groups: \(text)")
        #expect(lines.dropFirst().map { String($0.prefix { !$0.isWhitespace }) } == allMuscleGroups, "\(text)")
        let dutch = try await cli.ok(["exercises", "groups", "--locale", "nl"], now: Moment.start)
        for name in ["Borst", "Rug", "Buik/core", "Bilspieren", "Kuiten", "Hele lichaam"] {
            #expect(dutch.stdout.contains(name), "\(name): \(dutch)")
        }
    }

    @Test("first uses at once on a fresh store: every process sees the one full library", arguments: persistentStores)
    func concurrentFirstUses(store: String) async throws {
        let cli = try Sandbox(store: store).spawning()
        let runs = [["exercises", "list", "--json"], ["exercises", "list", "--json"], ["exercises", "groups", "--json"],
                    ["exercises", "search", "romanian", "--json"], ["exercises", "list", "--json"]]
        let results = try await cli.runAll(runs, now: Moment.start, limit: runs.count)
        for (arguments, result) in zip(runs, results) {
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        let lists = results.enumerated().filter { runs[$0.offset][1] == "list" }.map(\.element.stdout)
        #expect(Set(lists).count == 1, "every first run lists the same library")
        let later = try await cli.ok(["exercises", "list", "--json"], now: Moment.after(days: 1))
        #expect(lists.first == later.stdout, "and it is what was stored, once")
        let search = try #require(try results[3].json() as? [[String: Any]])
        #expect(Self.names(search).contains("Romanian Deadlift"))
    }
}
