import Foundation
import NIOSSL
import PostgresNIO

/// Where a PostgreSQL database is and how to reach it, read from a URL as libpq reads one:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=FILE&connect_timeout=SECONDS]`.
///
/// `sslmode` is honoured as libpq does: `disable` (plain TCP), `prefer` (TLS when the server
/// offers it, without checking its certificate; the default; `allow` is taken as `prefer`, which
/// tries TLS first where libpq's `allow` tries plain TCP first), `require` (TLS, certificate
/// not checked), `verify-ca` (TLS, certificate signed by a trusted root) and `verify-full`
/// (that, and issued for the host). `sslrootcert` names the PEM file of the trusted roots;
/// without it, the system's. `connect_timeout` (whole seconds, default 5) bounds one connection
/// attempt; one operation is then bounded at twice that, and at least 10 s.
public struct PostgresConfiguration: Sendable, CustomStringConvertible {
    /// How the connection is protected (libpq's `sslmode`).
    public enum SSLMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// The server's host name or IP address (an IPv6 address without its brackets).
    public var host: String
    /// The server's port; 5432 when the URL names none.
    public var port: Int
    /// The user to log in as.
    public var username: String
    /// The user's password, if the URL has one; never shown by `description`.
    public var password: String?
    /// The database's name; the user's name when the URL names none.
    public var database: String
    /// How the connection is protected; `prefer` when the URL does not say.
    public var sslMode: SSLMode
    /// The PEM file of the roots a `verify-ca` or `verify-full` connection trusts (`nil`: the system's).
    public var sslRootCertificate: String?
    /// The schema the tables live in (`nil`: the database's `search_path`, normally `public`). It
    /// is created when missing.
    public var schema: String?
    /// At most this many connections per process (the pool's size).
    public var maximumConnections: Int
    /// How long one connection attempt may take.
    public var connectTimeout: Duration
    /// How long one operation — waiting for a connection, then its statements — may take before
    /// the database counts as unavailable (down, hung or overloaded).
    public var operationTimeout: Duration

    /// A configuration from a `postgres://` or `postgresql://` URL; the error names the part that
    /// is wrong, never the password.
    public init(url text: String, maximumConnections: Int = 20, connectTimeout: Duration = .seconds(5),
                operationTimeout: Duration = .seconds(10)) throws(PostgresStoreError) {
        func refuse(_ reason: String) -> PostgresStoreError {
            .invalidURL(Self.redacting(text), reason: reason)
        }
        guard let components = URLComponents(string: text) else { throw refuse("it is not a URL") }
        guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
            throw refuse("it must start with postgres:// or postgresql://")
        }
        guard let host = components.host, !host.isEmpty else { throw refuse("it names no host") }
        guard let user = components.user, !user.isEmpty else { throw refuse("it names no user (postgres://USER@HOST/DATABASE)") }
        var database = components.path
        if database.hasPrefix("/") { database.removeFirst() }
        guard !database.contains("/") else { throw refuse("the database name \(database) holds a slash") }
        if let port = components.port, !(1...65535).contains(port) { throw refuse("the port \(port) is not 1–65535") }

        var sslMode = SSLMode.prefer
        var rootCertificate: String?
        var timeout: Duration?
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, let mode = SSLMode(rawValue: value) else {
                    throw refuse("sslmode \(item.value ?? "") is not one of "
                                 + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                sslMode = mode
            case "sslrootcert":
                guard let value = item.value, !value.isEmpty else { throw refuse("sslrootcert names no file") }
                rootCertificate = value
            case "connect_timeout":
                guard let value = item.value, let seconds = Int(value), (1...3600).contains(seconds) else {
                    throw refuse("connect_timeout \(item.value ?? "") is not a whole number of seconds, 1–3600")
                }
                timeout = .seconds(seconds)
            default:
                throw refuse("the parameter \(item.name) is not supported (sslmode, sslrootcert and connect_timeout are)")
            }
        }
        // An IPv6 literal comes bracketed.
        // URLComponents gives the user, password and path percent-decoded already.
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? 5432
        username = user
        password = components.password
        self.database = database.isEmpty ? username : database
        self.sslMode = sslMode
        sslRootCertificate = rootCertificate
        schema = nil
        self.maximumConnections = maximumConnections
        self.connectTimeout = timeout ?? connectTimeout
        self.operationTimeout = timeout.map { max(operationTimeout, $0 * 2) } ?? operationTimeout
    }

    /// The URL without its password: what messages and logs show.
    public var description: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(username)@\(hostPart):\(port)/\(database)"
    }

    /// `text` with any password replaced by `***`, for messages about a URL that did not parse:
    /// everything between the user's name and the last `@` (a password may hold `@` and `:`),
    /// and the value of a `password` parameter.
    static func redacting(_ text: String) -> String {
        var result = text
        let start = result.range(of: "://")?.upperBound ?? result.startIndex
        if let at = result[start...].lastIndex(of: "@"),
           let colon = result[start..<at].firstIndex(of: ":") {
            result.replaceSubrange(result.index(after: colon)..<at, with: "***")
        }
        if let query = result.firstIndex(of: "?") {
            let parameters = result[result.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
                .map { parameter in
                    parameter.lowercased().hasPrefix("password=") ? "password=***" : String(parameter)
                }
            result = String(result[...query]) + parameters.joined(separator: "&")
        }
        return result
    }

    /// The TLS settings of `sslmode`: none, or whether TLS is required and how the server's
    /// certificate is checked.
    var tls: (required: Bool, configuration: TLSConfiguration)? {
        var context = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case .disable:
            return nil
        case .allow, .prefer, .require:
            context.certificateVerification = .none
            return (sslMode == .require, context)
        case .verifyCA, .verifyFull:
            context.certificateVerification = sslMode == .verifyFull ? .fullVerification : .noHostnameVerification
            if let sslRootCertificate { context.trustRoots = .file(sslRootCertificate) }
            return (true, context)
        }
    }

    /// The configuration of one connection, as the pool's are made (the first one, made
    /// directly, so that a wrong password or database is reported as such).
    func connection() throws -> PostgresConnection.Configuration {
        var tls = PostgresConnection.Configuration.TLS.disable
        if let (required, configuration) = self.tls {
            let context = try NIOSSLContext(configuration: configuration)
            tls = required ? .require(context) : .prefer(context)
        }
        var connection = PostgresConnection.Configuration(host: host, port: port, username: username, password: password,
                                                          database: database, tls: tls)
        connection.options.connectTimeout = .init(connectTimeout)
        if let schema { connection.options.additionalStartupParameters = [("search_path", schema)] }
        return connection
    }

    /// The client configuration postgres-nio connects with.
    var client: PostgresClient.Configuration {
        var tls = PostgresClient.Configuration.TLS.disable
        if let (required, configuration) = self.tls {
            tls = required ? .require(configuration) : .prefer(configuration)
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: username, password: password,
                                                         database: database, tls: tls)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = connectTimeout
        if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        return configuration
    }
}
