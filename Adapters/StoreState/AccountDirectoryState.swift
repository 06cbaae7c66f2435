import Foundation
import WellnessApplication
import WellnessDomain

/// The accounts and sessions as a value: what the in-memory and JSON-file stores keep (one
/// implementation of the rules for both).
public struct AccountDirectoryState: Sendable, Equatable, Codable {
    public private(set) var accounts: [Account] = []
    public private(set) var sessions: [SessionRecord] = []

    public init() {}

    public mutating func add(_ account: Account) -> Bool {
        guard !accounts.contains(where: { $0.email == account.email || $0.id == account.id }) else { return false }
        accounts.append(account)
        accounts.sort { $0.email < $1.email }
        return true
    }

    public mutating func remove(_ id: Account.ID) -> Bool {
        guard let index = accounts.firstIndex(where: { $0.id == id }) else { return false }
        accounts.remove(at: index)
        sessions.removeAll { $0.accountID == id }
        return true
    }

    public mutating func addSession(_ session: SessionRecord) {
        sessions.removeAll { $0.tokenDigest == session.tokenDigest }
        sessions.append(session)
    }

    public mutating func removeSession(digest: String) -> Bool {
        let before = sessions.count
        sessions.removeAll { $0.tokenDigest == digest }
        return sessions.count < before
    }

    public mutating func removeSessions(expiredBefore instant: Date) -> Int {
        let before = sessions.count
        sessions.removeAll { $0.expiresAt < instant }
        return before - sessions.count
    }
}
