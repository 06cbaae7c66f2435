// The Swift code of README.md, compiled and run so the README stays true
// (`.ci/check-doc-snippets` checks that every block of it is here).
import Foundation
import Testing
import WellnessComposition
import WellnessContractTesting

@Suite("Documentation: README")
struct READMEArticle {
    @Test("the library example runs, and its Dutch refusal reads as the comment says")
    func libraryExample() async throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Amsterdam")!

        let wellness = try Wellness(repositories: .inMemory(),
                                    clock: FixedWallClock(Date()),
                                    calendar: calendar,
                                    locale: .nl)

        try await wellness.modules.setEnabled([.training], enabled: true)
        try await wellness.modules.recordUse(.walks)
        try await wellness.journal.toggleTag(.coffee)
        for nudge in try await wellness.nudges.evaluate() {
            print(nudge.id, wellness.localizer.string(nudge.title))
        }
        do {
            try await wellness.moods.log(score: 7)
        } catch {
            print(ErrorPresenter(locale: .nl).message(for: error))  // "stemming 7 kan niet; …"
        }
        do {
            try await wellness.moods.log(score: 7)
            Issue.record("a mood of 7 was saved")
        } catch {
            let refusal = ErrorPresenter(locale: .nl).message(for: error)
            #expect(refusal.hasPrefix("stemming 7 kan niet; "), "\(refusal)")
        }
        #expect(try await wellness.nudges.evaluate().isEmpty, "a new user is not nudged on day one")
        #expect(try await wellness.journal.day().tags == ["coffee"])
        #expect(try await wellness.modules.list().enabledModules == [.medications, .walks, .training, .feeding, .documents])
        #expect(wellness.localizer.string(Nudge.simplifyMode.title) == "Vereenvoudig je app")
    }
}

/// "Your" adapter in the README: module settings as JSON in one file, one writer at a time in
/// this process. (The Examples/DogDiary package has a fuller one, which locks across processes.)
struct MyModuleSettings: ModuleSettingsRepository {
    let file: URL
    private static let lock = NSLock()

    func load() async throws -> ModuleSettings? {
        try Self.lock.withLock { try read() }
    }

    func update<Result: Sendable>(
        _ change: @Sendable (inout ModuleSettings?) throws -> Result
    ) async throws -> Result {
        try Self.lock.withLock {
            var settings = try read()
            let result = try change(&settings)
            try JSONEncoder().encode(settings).write(to: file, options: .atomic)
            return result
        }
    }

    private func read() throws -> ModuleSettings? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try JSONDecoder().decode(ModuleSettings?.self, from: Data(contentsOf: file))
    }
}

@Test(arguments: ModuleSettingsRepositoryContract.cases)
func moduleSettings(rule: ContractCase<any ModuleSettingsRepository>) async throws {
    try await rule.run(AdapterFactory {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        return ContractStore(subject: MyModuleSettings(file: file)) { MyModuleSettings(file: file) }
    })
}
