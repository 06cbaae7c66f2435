import Foundation
import Testing
import WellnessApplication
import WellnessTestSupport

/// What the JSON-file credential store promises beyond the `CredentialStore` contract.
@Suite("JSON-file credential store")
struct JSONFileCredentialStoreTests {
    let login = StoredCredentials(server: URL(string: "http://127.0.0.1:8080")!, email: "ann@example.org",
                                  accessToken: "tok_3q2+7w==/x", expiresAt: Fixtures.instant("2026-12-20T09:15:30.125Z"))

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
