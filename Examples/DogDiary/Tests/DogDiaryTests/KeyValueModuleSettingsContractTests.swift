import DogDiary
import Foundation
import Testing
import WellnessComposition
import WellnessContractTesting

/// The app's own adapter keeps every rule of the port, proved by Wellness's contract cases.
@Suite("KeyValueModuleSettingsRepository keeps the ModuleSettingsRepository contract")
struct KeyValueModuleSettingsContractTests {
    @Test(arguments: ModuleSettingsRepositoryContract.cases)
    func contract(rule: ContractCase<any ModuleSettingsRepository>) async throws {
        try await rule.run(AdapterFactory {
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("dog-diary-\(UUID().uuidString)", isDirectory: true)
                .appendingPathComponent("modules.txt")
            return ContractStore(subject: KeyValueModuleSettingsRepository(file: file)) {
                KeyValueModuleSettingsRepository(file: file)  // a second handle on the same file
            }
        })
    }

    @Test("a line that is not key=value is an error, not a reset to defaults")
    func badLine() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dog-diary-\(UUID().uuidString).txt")
        try Data("chosen=1\nnonsense\n".utf8).write(to: file)
        await #expect(throws: KeyValueFileError.badLine("nonsense")) {
            try await KeyValueModuleSettingsRepository(file: file).load()
        }
    }
}
