import Testing
import WellnessTestSupport
import WellnessApplication
import WellnessContractTesting
import WellnessDomain
import WellnessInMemory
import WellnessPostgres

/// The PostgreSQL adapters keep the contracts of every port they implement, each rule on a new
/// schema. Ports the server does not keep on PostgreSQL (the Drift response cache, a client's)
/// come from memory where a contract's subject needs them.
@Suite("PostgreSQL repository contracts", .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.skipped))
struct PostgresContractTests {
    @Test(arguments: AccountRepositoryContract.cases)
    func accounts(rule: ContractCase<any AccountRepository>) async throws {
        try await rule.run(PostgresTestDatabase.factory(addingAccount: false) { database, _ in
            PostgresAccountRepository(database: database)
        })
    }

    @Test(arguments: IdempotencyRepositoryContract.cases)
    func idempotency(rule: ContractCase<SubmissionRepositories>) async throws {
        try await rule.run(PostgresTestDatabase.factory { database, account in
            SubmissionRepositories(idempotency: PostgresIdempotencyRepository(database: database, account: account),
                                   checkins: PostgresCheckinRepository(database: database, account: account))
        })
    }

    @Test(arguments: CheckinRepositoryContract.cases)
    func checkins(rule: ContractCase<any CheckinRepository>) async throws {
        try await rule.run(PostgresTestDatabase.factory { database, account in
            PostgresCheckinRepository(database: database, account: account)
        })
    }

    @Test(arguments: TierRepositoryContract.cases)
    func tier(rule: ContractCase<DriftRepositories>) async throws {
        try await rule.run(AdapterFactory {
            let (database, reopen) = try await PostgresTestDatabase.fresh()
            let account = Account.ID()
            try await PostgresTestDatabase.add(account, to: database)
            let cache = InMemoryDriftCacheRepository()  // one per store, shared by its handles
            @Sendable func drift(_ database: PostgresDatabase) -> DriftRepositories {
                DriftRepositories(tier: PostgresTierRepository(database: database, account: account),
                                  checkins: PostgresCheckinRepository(database: database, account: account),
                                  driftCache: cache)
            }
            return ContractStore(subject: drift(database)) { drift(try await reopen()) }
        })
    }

    @Test(arguments: GoalRepositoryContract.cases)
    func goals(rule: ContractCase<GoalTipsRepositories>) async throws {
        try await rule.run(PostgresTestDatabase.factory { database, account in
            GoalTipsRepositories(goals: PostgresGoalRepository(database: database, account: account),
                                 moods: PostgresMoodRepository(database: database, account: account))
        })
    }

    @Test(arguments: JournalRepositoryContract.cases)
    func journals(rule: ContractCase<any JournalRepository>) async throws {
        try await rule.run(PostgresTestDatabase.factory { database, account in
            PostgresJournalRepository(database: database, account: account)
        })
    }

    @Test(arguments: SyncLogRepositoryContract.cases)
    func syncLog(rule: ContractCase<any SyncLogRepository>) async throws {
        try await rule.run(PostgresTestDatabase.factory { database, account in
            PostgresSyncLogRepository(database: database, account: account)
        })
    }
}

extension PostgresContractTests {
    @Test(arguments: LoginAttemptRepositoryContract.cases)
    func failedLogins(rule: ContractCase<any LoginAttemptRepository>) async throws {
        try await rule.run(PostgresTestDatabase.factory { database, _ in PostgresLoginAttemptRepository(database: database) })
    }
}
