import Foundation

/// The archive `wellness server backup` writes and `wellness server restore` reads: every
/// account of a server with its credentials, and each account's data as the account's own
/// backup archive (``BackupArchive``), byte for byte what that account's backup writes.
///
/// ```json
/// {"format":"wellness-server-backup","version":1,
/// "accounts":[
/// {"account":{"createdAt":"…","email":"ann@example.org","id":"…","passwordHash":"$2b$12$…","tier":"pro","timeZone":"Europe/Amsterdam"},
/// "archive":{"format":"wellness-backup","version":1,
/// "settings":{…},
/// "collections":{…
/// }}
/// }
/// ]}
/// ```
///
/// Each entry gives `account` before `archive` (the keys sorted), so a reader knows whose data
/// it restores before the first record. It holds password hashes and never a session: it is
/// written readable by its owner only.
public enum ServerBackupArchive {
    /// The value of `format`: what tells a server's backup from an account's.
    public static let format = "wellness-server-backup"
    /// The version written, and the newest read.
    public static let version = 1
    /// The longest `account` entry read, in bytes: an entry is a few hundred.
    public static let maximumAccountBytes = 64 << 10
}

/// An account as a server's backup holds it: who it is, its password's hash, when it was made,
/// its tier and its time zone (`timeZone`, left out while the account has none); never a
/// session. Written with sorted keys; a field added later is one more optional key, which an
/// older archive lacks and a reader takes as absent.
public struct ServerBackupAccount: Sendable, Hashable, Codable {
    public let id: Account.ID
    public let email: EmailAddress
    public let passwordHash: String
    public let createdAt: Date
    public let tier: Tier
    /// The account's IANA time zone; `nil` while the server's counts for it.
    public let timeZone: String?

    /// The longest password hash read (bcrypt's are 60 characters).
    public static let maximumHashLength = 1024

    public init(_ account: Account, tier: Tier) {
        id = account.id
        email = account.email
        passwordHash = account.passwordHash
        createdAt = account.createdAt
        self.tier = tier
        timeZone = account.timeZone
    }

    /// The account it describes.
    public var account: Account {
        Account(id: id, email: email, passwordHash: passwordHash, createdAt: createdAt, timeZone: timeZone)
    }

    private enum CodingKeys: String, CodingKey { case id, email, passwordHash, createdAt, tier, timeZone }

    /// Reads an entry, checking what a store would refuse: an address as accounts take it (already
    /// normalised) and a hash of visible ASCII.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Account.ID.self, forKey: .id)
        let text = try container.decode(String.self, forKey: .email)
        let address: EmailAddress
        do {
            address = try EmailAddress(text)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .email, in: container, debugDescription: "'\(text)' is not an email address")
        }
        guard address.rawValue == text else {
            throw DecodingError.dataCorruptedError(forKey: .email, in: container,
                                                   debugDescription: "'\(text)' is not written as accounts keep it ('\(address.rawValue)')")
        }
        email = address
        passwordHash = try container.decode(String.self, forKey: .passwordHash)
        guard !passwordHash.isEmpty, passwordHash.utf8.count <= Self.maximumHashLength,
              passwordHash.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw DecodingError.dataCorruptedError(forKey: .passwordHash, in: container,
                                                   debugDescription: "not a password hash")
        }
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        tier = try container.decode(Tier.self, forKey: .tier)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        if let timeZone {
            do {
                try AccountTimeZone.check(timeZone)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .timeZone, in: container,
                                                       debugDescription: "'\(timeZone)' is not a time zone this system knows")
            }
        }
    }
}

/// How many accounts and records a server's backup or restore held.
public struct ServerBackupCounts: Sendable, Equatable, Codable {
    public var accounts = 0
    /// Every account's records added up.
    public var records = 0

    public init(accounts: Int = 0, records: Int = 0) {
        self.accounts = accounts
        self.records = records
    }
}

/// What is wrong with a server's backup, or with the server it is restored into, and where: the
/// line of the file and, for an account's data, the account's email (then the collection and the
/// record's place, as ``BackupError`` names them). Nothing of an archive that has one is restored.
public enum ServerBackupError: WellnessError, Hashable {
    /// The file does not start as a server's backup.
    case notAServerArchive
    /// A server's backup of a newer version than this build reads (found, newest read).
    case newerVersion(found: Int, supported: Int)
    /// A value (named) is missing; `line` where it was expected.
    case missing(line: Int, name: String)
    /// The JSON is not well formed at the line (what was found).
    case malformed(line: Int, found: String)
    /// The file ends before the archive does.
    case truncated(line: Int)
    /// An `account` entry longer than the reader takes (its limit in KB).
    case tooLarge(line: Int, kilobytes: Int)
    /// A value this version does not know (its name).
    case unexpectedMember(line: Int, name: String)
    /// An `account` entry that does not decode (why; worded for people as `cause` when a rule of
    /// Wellness's own refused it).
    case invalidAccount(line: Int, reason: String, cause: LocalizedText? = nil)
    /// A second account with an email or id given before (its email).
    case duplicateAccount(line: Int, email: String)
    /// The data of the account (its email) is wrong, as the account's own restore says.
    case inAccount(email: String, LocalizedText)
    /// The server restored into (its location) has accounts already (how many).
    case notEmpty(location: String, accounts: Int)
    /// The server restored into (its location) does not keep a collection or the settings
    /// (named) of an account (its email): on PostgreSQL, the data no route of the server writes.
    case notKept(location: String, email: String, what: String)
    /// The server imported into (its location) has an account with the email or id of one
    /// imported (its email).
    case accountExists(location: String, email: String)

    public enum Code: String, CaseIterable, Sendable {
        case notAServerArchive, newerVersion, missing, malformed, truncated, tooLarge, unexpectedMember
        case invalidAccount, duplicateAccount, inAccount, notEmpty, notKept, accountExists
    }

    public static let family = "serverBackup"

    public var code: Code {
        switch self {
        case .notAServerArchive: .notAServerArchive
        case .newerVersion: .newerVersion
        case .missing: .missing
        case .malformed: .malformed
        case .truncated: .truncated
        case .tooLarge: .tooLarge
        case .unexpectedMember: .unexpectedMember
        case .invalidAccount: .invalidAccount
        case .duplicateAccount: .duplicateAccount
        case .inAccount: .inAccount
        case .notEmpty: .notEmpty
        case .notKept: .notKept
        case .accountExists: .accountExists
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .notAServerArchive: []
        case .newerVersion(let found, let supported): [.number(found), .number(supported)]
        case .missing(let line, let name), .unexpectedMember(let line, let name): [.number(line), .verbatim(name)]
        case .malformed(let line, let found): [.number(line), .verbatim(found)]
        case .truncated(let line): [.number(line)]
        case .tooLarge(let line, let kilobytes): [.number(line), .number(kilobytes)]
        case .invalidAccount(let line, let reason, let cause): [.number(line), cause.map { .text($0) } ?? .verbatim(reason)]
        case .duplicateAccount(let line, let email): [.number(line), .verbatim(email)]
        case .inAccount(let email, let cause): [.verbatim(email), .text(cause)]
        case .notEmpty(let location, let accounts): [.verbatim(location), .number(accounts)]
        case .notKept(let location, let email, let what): [.verbatim(location), .verbatim(what), .verbatim(email)]
        case .accountExists(let location, let email): [.verbatim(location), .verbatim(email)]
        }
    }
}

extension BackupError {
    /// The same error with its line counted `lines` further down: an account's archive read
    /// inside a server's backup counts its lines from its own first, which is the file's
    /// `lines + 1`.
    public func movedDown(_ lines: Int) -> BackupError {
        switch self {
        case .notAnArchive, .newerVersion, .missing: self
        case .malformed(let line, let found): .malformed(line: line + lines, found: found)
        case .truncated(let line): .truncated(line: line + lines)
        case .tooLarge(let line, let megabytes): .tooLarge(line: line + lines, megabytes: megabytes)
        case .scalarTooLong(let line, let characters): .scalarTooLong(line: line + lines, characters: characters)
        case .nestedTooDeep(let line, let limit): .nestedTooDeep(line: line + lines, limit: limit)
        case .unexpectedMember(let line, let name): .unexpectedMember(line: line + lines, name: name)
        case .unknownCollection(let line, let name): .unknownCollection(line: line + lines, name: name)
        case .repeatedCollection(let line, let name): .repeatedCollection(line: line + lines, name: name)
        case .invalidValue(let line, let name, let reason, let cause):
            .invalidValue(line: line + lines, name: name, reason: reason, cause: cause)
        case .invalidRecord(let line, let collection, let index, let reason, let cause):
            .invalidRecord(line: line + lines, collection: collection, index: index, reason: reason, cause: cause)
        case .duplicate(let line, let collection, let index, let identity):
            .duplicate(line: line + lines, collection: collection, index: index, identity: identity)
        case .brokenReference(let line, let collection, let index, let identity, let missing):
            .brokenReference(line: line + lines, collection: collection, index: index, identity: identity, missing: missing)
        }
    }
}
