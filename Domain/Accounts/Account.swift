import Foundation

/// A person's account on a Wellness server: who they are (an email address) and how they prove
/// it (a password, kept only as a slow salted hash). Its data lives in a store of its own,
/// named by ``id`` and never by anything the person typed.
public struct Account: Sendable, Hashable, Codable, Identifiable {
    /// Shown in lower case: the name of the account's data folder.
    public typealias ID = TypedID<Account, UUID>

    public let id: ID
    public let email: EmailAddress
    /// The password's hash in the hasher's own format (bcrypt's `$2b$…`).
    public let passwordHash: String
    public let createdAt: Date
    /// The IANA identifier of the person's time zone (`Europe/Amsterdam`), where their days begin
    /// and end on the server; `nil` until a client has said it (the server's zone counts then).
    /// Checked by ``AccountTimeZone/check(_:)`` before it is stored.
    public let timeZone: String?

    public init(id: ID = ID(), email: EmailAddress, passwordHash: String, createdAt: Date, timeZone: String? = nil) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.timeZone = timeZone
    }

    /// The same account with another password hash.
    public func with(passwordHash: String) -> Account {
        Account(id: id, email: email, passwordHash: passwordHash, createdAt: createdAt, timeZone: timeZone)
    }

    /// The same account in another time zone.
    public func with(timeZone: String?) -> Account {
        Account(id: id, email: email, passwordHash: passwordHash, createdAt: createdAt, timeZone: timeZone)
    }

    /// `calendar` in the account's time zone, or `calendar` itself while the zone is not known
    /// (or no longer known to this system's time zone database).
    public func calendar(from calendar: Calendar) -> Calendar {
        guard let timeZone, let zone = TimeZone(identifier: timeZone) else { return calendar }
        var zoned = calendar
        zoned.timeZone = zone
        return zoned
    }
}

/// An account's time zone as clients send it: an IANA identifier this system knows
/// (`Europe/Amsterdam`, `Pacific/Auckland`, `UTC`).
public enum AccountTimeZone {
    /// At most this many bytes: the longest IANA name is about 30.
    public static let maximumBytes = 64

    /// `identifier` when it names a time zone this system knows; otherwise
    /// ``AccountError/unknownTimeZone(_:)``.
    @discardableResult
    public static func check(_ identifier: String) throws(AccountError) -> String {
        guard identifier.utf8.count <= maximumBytes, !identifier.isEmpty,
              identifier.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }),
              let zone = TimeZone(identifier: identifier),
              // As written (`GMT+5`, which Foundation reads as `GMT+0500`, is not a name), or
              // `UTC`, which Foundation on Linux calls `GMT`.
              zone.identifier == identifier || identifier == "UTC"
        else { throw .unknownTimeZone(String(identifier.prefix(maximumBytes))) }
        return identifier
    }
}

/// Why an account, a password or a login was refused.
public enum AccountError: WellnessError, Equatable {
    case invalidEmail(String)
    case passwordTooShort(minimum: Int)
    case passwordTooLong(maximumBytes: Int)
    /// NUL or another control character: bcrypt stops at a NUL byte, so it would be cut.
    case passwordControlCharacter
    case emailTaken(EmailAddress)
    case noSuchAccount(String)
    /// A wrong password or an unknown email: the two are never told apart.
    case invalidCredentials
    /// The token is missing, unknown, revoked or expired.
    case notAuthenticated
    /// Too many failed logins for this email or from this client: try again in `retryAfter`
    /// seconds (``LoginThrottle``).
    case tooManyAttempts(retryAfter: Int)
    /// Not the IANA name of a time zone this system knows (``AccountTimeZone``).
    case unknownTimeZone(String)

    public enum Code: String, CaseIterable, Sendable {
        case invalidEmail
        case passwordTooShort
        case passwordTooLong
        case passwordControlCharacter
        case emailTaken
        case noSuchAccount
        case invalidCredentials
        case notAuthenticated
        case tooManyAttempts
        case unknownTimeZone
    }

    public static let family = "account"

    public var code: Code {
        switch self {
        case .invalidEmail: .invalidEmail
        case .passwordTooShort: .passwordTooShort
        case .passwordTooLong: .passwordTooLong
        case .passwordControlCharacter: .passwordControlCharacter
        case .emailTaken: .emailTaken
        case .noSuchAccount: .noSuchAccount
        case .invalidCredentials: .invalidCredentials
        case .notAuthenticated: .notAuthenticated
        case .tooManyAttempts: .tooManyAttempts
        case .unknownTimeZone: .unknownTimeZone
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .invalidEmail(let text): [.verbatim(text)]
        case .passwordTooShort(let minimum): [.number(minimum)]
        case .passwordTooLong(let maximum): [.number(maximum)]
        case .passwordControlCharacter: []
        case .emailTaken(let email): [.verbatim(email.rawValue)]
        case .noSuchAccount(let reference): [.verbatim(reference)]
        case .invalidCredentials: []
        case .notAuthenticated: []
        case .tooManyAttempts(let seconds): [.number(seconds)]
        case .unknownTimeZone(let identifier): [.verbatim(identifier)]
        }
    }
}

/// An email address as accounts use it: trimmed, in Unicode NFC and lower-cased, so
/// `Ann@Example.org ` and `ann@example.org` are one account.
public struct EmailAddress: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// At most 254 characters, one `@` with text on both sides, a dot in the domain, and no
    /// spaces or control characters.
    public init(_ text: String) throws(AccountError) {
        // One Unicode form (NFC), so "zoé" typed either way is one address in every store.
        let normalised = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
            .lowercased()
        let parts = normalised.split(separator: "@", omittingEmptySubsequences: false)
        guard normalised.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].count >= 3,
              parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !normalised.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { throw .invalidEmail(text) }
        rawValue = normalised
    }

    /// An address as stored, without validation.
    public init(stored: String) { rawValue = stored }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
    public static func < (lhs: EmailAddress, rhs: EmailAddress) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The rules a new password must meet. bcrypt reads only the first 72 bytes and stops at a NUL
/// byte, so longer passwords and passwords with NUL (or any other control character) are
/// refused rather than silently cut: `abcdefgh\0ijkl` would otherwise log in as `abcdefgh`.
public enum PasswordPolicy {
    public static let minimumLength = 8
    public static let maximumBytes = 72

    public static func check(_ password: String) throws(AccountError) {
        try checkCharacters(password)
        guard password.count >= minimumLength else { throw .passwordTooShort(minimum: minimumLength) }
        guard password.utf8.count <= maximumBytes else { throw .passwordTooLong(maximumBytes: maximumBytes) }
    }

    /// Refuses NUL and every other control character, at sign-up and at login: those of
    /// ``PlainText/isControl(_:)``, and also tab and line breaks, which text may hold but a
    /// password read as one line may not.
    public static func checkCharacters(_ password: String) throws(AccountError) {
        guard !password.unicodeScalars.contains(where: { PlainText.isControl($0) || $0 == "\t" || $0 == "\n" }) else {
            throw .passwordControlCharacter
        }
    }
}

/// A login session as the server keeps it: the SHA-256 digest of the bearer token (never the
/// token itself), whose account it is, and until when it holds.
public struct SessionRecord: Sendable, Hashable, Codable {
    public let tokenDigest: String
    public let accountID: Account.ID
    public let createdAt: Date
    public let expiresAt: Date

    public init(tokenDigest: String, accountID: Account.ID, createdAt: Date, expiresAt: Date) {
        self.tokenDigest = tokenDigest
        self.accountID = accountID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    public func isValid(at now: Date) -> Bool { now < expiresAt }
}

/// The first answer to a check-in submitted under an idempotency key, kept so a replay of
/// the key gets the same answer and changes nothing.
public struct IdempotencyRecord: Sendable, Hashable, Codable {
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// The check-in was saved (201).
        case created
        /// The day already had a check-in (409 `DUPLICATE_CHECKIN`).
        case duplicate
    }

    public let accountID: Account.ID
    public let key: String
    /// What was submitted under the key; a replay with anything else is refused.
    public let checkin: Checkin
    public let outcome: Outcome
    public let createdAt: Date

    public init(accountID: Account.ID, key: String, checkin: Checkin, outcome: Outcome, createdAt: Date) {
        self.accountID = accountID
        self.key = key
        self.checkin = checkin
        self.outcome = outcome
        self.createdAt = createdAt
    }

    /// How long a key is remembered.
    public static let lifetime: TimeInterval = 24 * 60 * 60

    /// A key as clients send it: 1–255 visible ASCII characters (a UUID in practice).
    public static func isValidKey(_ key: String) -> Bool {
        (1...255).contains(key.utf8.count) && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
