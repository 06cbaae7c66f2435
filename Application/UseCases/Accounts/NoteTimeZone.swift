import WellnessDomain

/// Keeps the time zone a device says it is in as its account's (a sync's `timeZone`, as a
/// login's): a person who travels has their days where they are.
public struct NoteTimeZone: Sendable {
    let accounts: any AccountRepository

    /// A use case on `accounts`.
    public init(accounts: any AccountRepository) {
        self.accounts = accounts
    }

    /// Sets `identifier` as the zone of `account` when it is not that already; returns the account
    /// as it now is. An identifier that names no zone is ``AccountError/unknownTimeZone(_:)``, and
    /// changes nothing.
    @discardableResult
    public func execute(_ identifier: String, of account: Account) async throws -> Account {
        let zone = try AccountTimeZone.check(identifier)
        guard zone != account.timeZone, try await accounts.setTimeZone(zone, of: account.id) else { return account }
        return account.with(timeZone: zone)
    }
}
