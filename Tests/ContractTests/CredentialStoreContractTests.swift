import Foundation
import Testing
import WellnessApplication
import WellnessTestSupport

/// The contract every client-side `CredentialStore` keeps: nothing at first, the last saved
/// login until cleared, `clear` telling whether there was one; the file store keeps it across
/// handles in a `session.json` only its owner can read.
@Suite("CredentialStore contract")
struct CredentialStoreContractTests {
    let login = StoredCredentials(server: URL(string: "http://127.0.0.1:8080")!, email: "ann@example.org",
                                  accessToken: "tok_3q2+7w==/x", expiresAt: Fixtures.instant("2026-12-20T09:15:30.125Z"))

    @Test("nothing is stored at first; clearing nothing says so", arguments: CredentialStoreKind.allCases)
    func empty(kind: CredentialStoreKind) async throws {
        let store = try kind.makeStore()
        #expect(try await store.credentials.load() == nil)
        #expect(try await store.credentials.clear() == false)
        #expect(try await store.credentials.load() == nil)
    }

    @Test("a saved login loads back exactly, through another handle", arguments: CredentialStoreKind.allCases)
    func saveAndLoad(kind: CredentialStoreKind) async throws {
        let store = try kind.makeStore()
        try await store.credentials.save(login)
        #expect(try await store.credentials.load() == login)
        let reopened = try kind.reopen(store).credentials
        #expect(try await reopened.load() == login)
        #expect(try await reopened.load()?.expiresAt == login.expiresAt)
        #expect(try await reopened.load()?.server == login.server)
    }

    @Test("saving again replaces the login", arguments: CredentialStoreKind.allCases)
    func saveReplaces(kind: CredentialStoreKind) async throws {
        let store = try kind.makeStore()
        try await store.credentials.save(login)
        let other = StoredCredentials(server: URL(string: "https://wellness.example.org")!, email: "bob@example.org",
                                      accessToken: "other", expiresAt: Fixtures.instant("2027-01-01T00:00:00Z"))
        try await kind.reopen(store).credentials.save(other)
        #expect(try await store.credentials.load() == other)
        #expect(try await kind.reopen(store).credentials.load() == other)
    }

    @Test("clear forgets the login and says there was one; a second clear says there was none",
          arguments: CredentialStoreKind.allCases)
    func clear(kind: CredentialStoreKind) async throws {
        let store = try kind.makeStore()
        try await store.credentials.save(login)
        #expect(try await kind.reopen(store).credentials.clear())
        #expect(try await store.credentials.load() == nil)
        #expect(try await kind.reopen(store).credentials.load() == nil)
        #expect(try await store.credentials.clear() == false)

        // And a new login can be stored after a clear.
        try await store.credentials.save(login)
        #expect(try await kind.reopen(store).credentials.load() == login)
    }

    @Test("the JSON store keeps the login in session.json, readable and writable by its owner only (0600)")
    func fileMode() async throws {
        let store = try CredentialStoreKind.jsonFile.makeStore()
        let file = try #require(store.file)
        #expect(FileManager.default.fileExists(atPath: file.path) == false)
        try await store.credentials.save(login)
        #expect(FileManager.default.fileExists(atPath: file.path))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let mode = try #require(attributes[.posixPermissions] as? NSNumber).intValue
        #expect(mode & 0o777 == 0o600)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(login.accessToken.replacingOccurrences(of: "/", with: "\\/"))
                || text.contains(login.accessToken))
    }
}
