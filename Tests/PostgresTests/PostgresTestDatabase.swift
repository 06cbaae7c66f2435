import Foundation
import Logging
import Testing
import WellnessContractTesting
import WellnessDomain
import WellnessPostgres
import WellnessTestSupport

/// The contract stores of the PostgreSQL tests, each a new schema of the test database.
extension PostgresTestDatabase {
    static let logger = Logger(label: "wellness.postgres.test")

    /// A new schema, opened, and a way to open it again as another process would.
    static func fresh() async throws -> (database: PostgresDatabase, reopen: @Sendable () async throws -> PostgresDatabase) {
        let configuration = try freshConfiguration()
        let database = try await PostgresDatabase.open(configuration, logger: logger)
        return (database, { try await PostgresDatabase.open(configuration, logger: logger) })
    }

    /// Contract stores: each a new schema seen through `port` for one account (added first, as
    /// the server adds it: a person's rows reference their account, unless `addingAccount` is
    /// false), whose second handles open the schema again.
    static func factory<Subject: Sendable>(
        addingAccount: Bool = true, _ port: @escaping @Sendable (PostgresDatabase, Account.ID) -> Subject
    ) -> AdapterFactory<Subject> {
        AdapterFactory {
            let (database, reopen) = try await fresh()
            let account = Account.ID()
            if addingAccount { try await add(account, to: database) }
            return ContractStore(subject: port(database, account)) { port(try await reopen(), account) }
        }
    }

    /// Adds an account with id `account` (and an email made of it) to `database`.
    static func add(_ account: Account.ID, to database: PostgresDatabase) async throws {
        _ = try await PostgresAccountRepository(database: database).add(
            Account(id: account, email: try EmailAddress("\(account)@example.org"), passwordHash: "-",
                    createdAt: Date(timeIntervalSince1970: 0)))
    }
}
