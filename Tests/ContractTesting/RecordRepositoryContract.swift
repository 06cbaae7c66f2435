import Testing
import WellnessApplication
import WellnessDomain

/// The contract every `RecordRepository` keeps, for any kind of record: records come back
/// exactly, in the kind's order, through another handle; one record per identity (the last
/// saved); found and removed by identity.
///
/// A kind's cases need records of it: at least three `samples` with different identities,
/// `changed`, which gives a copy of a record with the same identity and other data, and, for a
/// kind with rules, an `invalid` record that breaks them.
///
/// ```swift
/// @Test(arguments: RecordRepositoryContract<DiaryEntries>.cases(samples: DiaryEntries.samples,
///                                                               changed: DiaryEntries.changed))
/// func diary(rule: ContractCase<any RecordRepository<DiaryEntries>>) async throws { … }
/// ```
public enum RecordRepositoryContract<Kind: RecordKind> {
    typealias Case = ContractCase<any RecordRepository<Kind>>

    /// Every rule of the contract, checked with `samples` and `changed`.
    public static func cases(samples: [Kind.Record], changed: @escaping @Sendable (Kind.Record) -> Kind.Record,
                             invalid: Kind.Record? = nil) -> [ContractCase<any RecordRepository<Kind>>] {
        precondition(Set(samples.map(Kind.identity)).count >= 3, "the contract needs three records of different identities")
        let ordered = samples.sorted(by: Kind.precedes)
        let refusal: [Case] = invalid.map { invalid in
            [Case("a record that breaks its kind's rules is refused, and nothing is saved") { factory in
                let store = try await factory.make()
                try await store.subject.save(ordered[0])
                await #expect(throws: RecordRejection.self) { try await store.subject.save(invalid) }
                #expect(try await store.reopen().all() == [ordered[0]])
            }]
        } ?? []
        return refusal + [
            Case("no records in a new store") { factory in
                let store = try await factory.make()
                #expect(try await store.subject.all().isEmpty)
                #expect(try await store.subject.record(Kind.identity(of: ordered[0])) == nil)
            },
            Case("records come back exactly, in the kind's order, through another handle") { factory in
                let store = try await factory.make()
                for record in ordered.reversed() { try await store.subject.save(record) }
                #expect(try await store.reopen().all() == ordered)
            },
            Case("saving a record of the same identity replaces it") { factory in
                let store = try await factory.make()
                for record in ordered { try await store.subject.save(record) }
                let replacement = changed(ordered[1])
                #expect(Kind.identity(of: replacement) == Kind.identity(of: ordered[1]))
                #expect(Kind.differ(replacement, ordered[1]), "changed(_:) must change the record")
                try await store.subject.save(replacement)
                let all = try await store.reopen().all()
                #expect(all.count == ordered.count)
                #expect(all.contains(replacement))
                #expect(!all.contains(ordered[1]))
            },
            Case("a record is found by its identity") { factory in
                let store = try await factory.make()
                for record in ordered { try await store.subject.save(record) }
                let reopened = try await store.reopen()
                for record in ordered {
                    #expect(try await reopened.record(Kind.identity(of: record)) == record)
                }
            },
            Case("records are found by their identities, in the order asked, leaving out those not there") { factory in
                let store = try await factory.make()
                for record in ordered.dropFirst() { try await store.subject.save(record) }
                let reopened = try await store.reopen()
                let asked = [ordered[2], ordered[0], ordered[1]].map(Kind.identity(of:))
                #expect(try await reopened.records(asked) == [ordered[2], ordered[1]])
                #expect(try await reopened.records([]).isEmpty)
            },
            Case("a removed record is gone, and removing it again says so") { factory in
                let store = try await factory.make()
                for record in ordered { try await store.subject.save(record) }
                let identity = Kind.identity(of: ordered[0])
                #expect(try await store.subject.remove(identity))
                #expect(try await store.subject.remove(identity) == false)
                #expect(try await store.reopen().all() == Array(ordered.dropFirst()))
                #expect(try await store.reopen().record(identity) == nil)
            },
        ]
    }
}
