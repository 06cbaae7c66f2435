import Foundation
import Testing
import WellnessApplication

/// The contract every client-side `CredentialStore` keeps: nothing at first, the last saved
/// login until cleared, `clear` telling whether there was one, all of it through any handle.
public enum CredentialStoreContract {
    typealias Case = ContractCase<any CredentialStore>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any CredentialStore>] = [empty, saveAndLoad, saveReplaces, clear]

    static let login = StoredCredentials(server: Fixtures.url("http://127.0.0.1:8080"), email: "ann@example.org",
                                         accessToken: "tok_3q2+7w==/x",
                                         expiresAt: Fixtures.instant("2026-12-20T09:15:30.125Z"))

    // MARK: - Cases

    static let empty = Case("nothing is stored at first; clearing nothing says so") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.load() == nil)
        #expect(try await store.subject.clear() == false)
        #expect(try await store.subject.load() == nil)
    }

    static let saveAndLoad = Case("a saved login loads back exactly, through another handle") { factory in
        let store = try await factory.make()
        try await store.subject.save(login)
        #expect(try await store.subject.load() == login)
        let reopened = try await store.reopen()
        #expect(try await reopened.load() == login)
        #expect(try await reopened.load()?.expiresAt == login.expiresAt)
        #expect(try await reopened.load()?.server == login.server)
    }

    static let saveReplaces = Case("saving again replaces the login") { factory in
        let store = try await factory.make()
        try await store.subject.save(login)
        let other = StoredCredentials(server: Fixtures.url("https://wellness.example.org"), email: "bob@example.org",
                                      accessToken: "other", expiresAt: Fixtures.instant("2027-01-01T00:00:00Z"))
        try await store.reopen().save(other)
        #expect(try await store.subject.load() == other)
        #expect(try await store.reopen().load() == other)
    }

    static let clear = Case(
        "clear forgets the login and says there was one; a second clear says there was none"
    ) { factory in
        let store = try await factory.make()
        try await store.subject.save(login)
        #expect(try await store.reopen().clear())
        #expect(try await store.subject.load() == nil)
        #expect(try await store.reopen().load() == nil)
        #expect(try await store.subject.clear() == false)

        // And a new login can be stored after a clear.
        try await store.subject.save(login)
        #expect(try await store.reopen().load() == login)
    }
}
