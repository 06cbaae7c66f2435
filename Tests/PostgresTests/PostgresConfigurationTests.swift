import Testing
import WellnessPostgres

/// Database URLs are read as libpq reads them, and a bad one is refused naming what is wrong,
/// never showing the password.
@Suite("PostgreSQL URLs")
struct PostgresConfigurationTests {
    @Test func aFullURL() throws {
        let configuration = try PostgresConfiguration(url: "postgres://ann:s%40cret@db.example:6543/wellness?sslmode=verify-full&sslrootcert=/etc/ca.pem")
        #expect(configuration.host == "db.example")
        #expect(configuration.port == 6543)
        #expect(configuration.username == "ann")
        #expect(configuration.password == "s@cret")
        #expect(configuration.database == "wellness")
        #expect(configuration.sslMode == .verifyFull)
        #expect(configuration.sslRootCertificate == "/etc/ca.pem")
        #expect(configuration.description == "postgres://ann@db.example:6543/wellness", "no password")
    }

    @Test func defaults() throws {
        let configuration = try PostgresConfiguration(url: "postgresql://wellness@127.0.0.1")
        #expect(configuration.port == 5432)
        #expect(configuration.database == "wellness", "the user's name, as libpq")
        #expect(configuration.password == nil)
        #expect(configuration.sslMode == .prefer, "libpq's default")
    }

    @Test func connectTimeout() throws {
        let long = try PostgresConfiguration(url: "postgres://u@h/d?connect_timeout=60")
        #expect(long.connectTimeout == .seconds(60))
        #expect(long.operationTimeout == .seconds(120), "an operation may take two connection attempts")
        let short = try PostgresConfiguration(url: "postgres://u@h/d?connect_timeout=1")
        #expect(short.connectTimeout == .seconds(1))
        #expect(short.operationTimeout == .seconds(10), "never below the default")
    }

    @Test func anIPv6Host() throws {
        let configuration = try PostgresConfiguration(url: "postgres://u@[::1]:5433/d?sslmode=disable")
        #expect(configuration.host == "::1")
        #expect(configuration.description == "postgres://u@[::1]:5433/d")
    }

    @Test(arguments: PostgresConfiguration.SSLMode.allCases)
    func everySSLMode(mode: PostgresConfiguration.SSLMode) throws {
        #expect(try PostgresConfiguration(url: "postgres://u@h/d?sslmode=\(mode.rawValue)").sslMode == mode)
    }

    @Test(arguments: [
        ("mysql://u@h/d", "postgres://"),
        ("postgres:///d", "no host"),
        ("postgres://h/d", "no user"),
        ("postgres://u@h/d?sslmode=maybe", "sslmode maybe"),
        ("postgres://u@h/d?timeout=3", "the parameter timeout"),
        ("postgres://u@h/a/b", "slash"),
        ("postgres://u@h/d?connect_timeout=0", "connect_timeout 0"),
        ("postgres://u@h/d?connect_timeout=soon", "connect_timeout soon"),
    ])
    func refused(url: String, named: String) {
        #expect {
            try PostgresConfiguration(url: url)
        } throws: { error in
            guard let error = error as? PostgresStoreError, case .invalidURL = error else { return false }
            return error.localizedDescription.contains(named)
        }
    }

    @Test(arguments: [
        ("postgres://ann:hunter2@h/d?sslmode=never", "postgres://ann:***@h/d?sslmode=never"),
        ("postgres://ann:hun@ter2@h/d?sslmode=never", "postgres://ann:***@h/d?sslmode=never"),
        ("wellness:hunter2@h/d", "wellness:***@h/d"),
        ("postgres:/ann:hunter2@h/d", "postgres:***@h/d"),
        ("postgres://ann@h/d?password=hunter2", "postgres://ann@h/d?password=***"),
    ])
    func aRefusedURLHidesItsPassword(url: String, shown: String) {
        #expect {
            try PostgresConfiguration(url: url)
        } throws: { error in
            let message = (error as? PostgresStoreError)?.localizedDescription ?? ""
            return !message.contains("hunter2") && !message.contains("ter2") && message.contains(shown)
        }
    }

    @Test func percentEncodingIsDecodedOnce() throws {
        let configuration = try PostgresConfiguration(url: "postgres://ann:ab%2541%3A%40@h/my%20db")
        #expect(configuration.password == "ab%41:@")
        #expect(configuration.database == "my db")
    }
}
