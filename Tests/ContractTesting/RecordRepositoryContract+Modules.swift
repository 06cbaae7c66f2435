import Foundation
import Testing
import WellnessApplication
import WellnessDomain

/// A store's records of one kind beside its module settings: what a tracking module's write
/// (`RecordRepository.write(_:removing:usingModule:at:)`) changes together.
public struct TrackedRecords<Kind: RecordKind>: Sendable {
    public let records: any RecordRepository<Kind>
    public let modules: any ModuleSettingsRepository

    public init(records: any RecordRepository<Kind>, modules: any ModuleSettingsRepository) {
        self.records = records
        self.modules = modules
    }
}

extension RecordRepositoryContract {
    typealias TrackerCase = ContractCase<TrackedRecords<Kind>>

    /// The rules of a tracker's write: its records and its module's use are written together,
    /// or, when one record breaks its kind's rules, neither.
    public static func trackerCases(samples: [Kind.Record], changed: @escaping @Sendable (Kind.Record) -> Kind.Record,
                                    invalid: Kind.Record) -> [ContractCase<TrackedRecords<Kind>>] {
        precondition(Set(samples.map(Kind.identity)).count >= 3, "the contract needs three records of different identities")
        let ordered = samples.sorted(by: Kind.precedes)
        let used = Date(timeIntervalSince1970: 1_795_000_000)
        return [
            TrackerCase("a tracker's write saves, replaces and removes records and records its module's use, seen through another handle") { factory in
                let store = try await factory.make()
                try await store.subject.records.save(ordered[0])
                try await store.subject.records.save(ordered[1])
                try await store.subject.records.write([changed(ordered[1]), ordered[2]],
                                                      removing: [Kind.identity(of: ordered[0])],
                                                      usingModule: .walks, at: used)
                let reopened = try await store.reopen()
                #expect(try await reopened.records.all() == [changed(ordered[1]), ordered[2]].sorted(by: Kind.precedes))
                let settings = try #require(try await reopened.modules.load(), "the first-run settings are made")
                #expect(settings.entry(for: .walks).lastUsed == used)
                #expect(settings.enabledModules == ModuleSettings.defaults(at: used).enabledModules)
                #expect(settings.entry(for: .feeding).lastUsed == nil, "only the module named was used")
            },
            TrackerCase("the use keeps the person's choices: another module switched off stays off") { factory in
                let store = try await factory.make()
                try await store.subject.modules.update { stored in
                    var settings = ModuleSettings.defaults(at: used.addingTimeInterval(-86_400))
                    settings.disable(.feeding)
                    stored = settings
                }
                try await store.subject.records.write([ordered[0]], removing: [], usingModule: .walks, at: used)
                let settings = try #require(try await store.reopen().modules.load())
                #expect(!settings.isEnabled(.feeding) && settings.entry(for: .walks).lastUsed == used)
            },
            TrackerCase("a write for a module that is off is refused in its transaction: no record, no removal, no use") { factory in
                let store = try await factory.make()
                try await store.subject.records.save(ordered[1])
                let before = ModuleSettings.defaults(at: used.addingTimeInterval(-86_400))
                try await store.subject.modules.update { stored in
                    var settings = before
                    settings.disable(.walks)
                    stored = settings
                }
                await #expect(throws: ModuleOffError.off(.walks)) {
                    try await store.subject.records.write([ordered[0]], removing: [Kind.identity(of: ordered[1])],
                                                          usingModule: .walks, at: used)
                }
                let reopened = try await store.reopen()
                #expect(try await reopened.records.all() == [ordered[1]])
                let entry = try #require(try await reopened.modules.load()).entry(for: .walks)
                #expect(!entry.isEnabled && entry.lastUsed == nil)
            },
            TrackerCase("a record breaking its kind's rules refuses the whole write: no record, no removal, no use") { factory in
                let store = try await factory.make()
                try await store.subject.records.save(ordered[1])
                await #expect(throws: RecordRejection.self) {
                    try await store.subject.records.write([ordered[0], invalid], removing: [Kind.identity(of: ordered[1])],
                                                          usingModule: .walks, at: used)
                }
                let reopened = try await store.reopen()
                #expect(try await reopened.records.all() == [ordered[1]])
                #expect(try await reopened.modules.load() == nil)
            },
        ]
    }
}
