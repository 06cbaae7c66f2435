import Foundation
import Testing
import WellnessApplication

/// The contract every `TipsConsentRepository` keeps: nothing allowed at first; an allowed
/// destination stays allowed through any handle; allowing again changes nothing; a destination
/// is matched exactly, so allowing one host (or port, or scheme) allows no other.
public enum TipsConsentRepositoryContract {
    typealias Case = ContractCase<any TipsConsentRepository>

    /// Every rule of the contract.
    public static let cases: [ContractCase<any TipsConsentRepository>] = [empty, allowKeeps, allowAgain, exact]

    static let openAI = "https://api.openai.com"
    static let lan = "http://192.168.1.20:11434"

    // MARK: - Cases

    static let empty = Case("nothing is allowed at first") { factory in
        let store = try await factory.make()
        #expect(try await store.subject.allowed() == [])
        #expect(try await store.subject.isAllowed(openAI) == false)
    }

    static let allowKeeps = Case("an allowed destination stays allowed, through another handle") { factory in
        let store = try await factory.make()
        try await store.subject.allow(lan)
        #expect(try await store.subject.isAllowed(lan))
        let reopened = try await store.reopen()
        #expect(try await reopened.isAllowed(lan))
        try await reopened.allow(openAI)
        #expect(try await store.subject.allowed() == [lan, openAI].sorted())
    }

    static let allowAgain = Case("allowing a destination again keeps one entry") { factory in
        let store = try await factory.make()
        try await store.subject.allow(openAI)
        try await store.subject.allow(openAI)
        try await store.reopen().allow(openAI)
        #expect(try await store.reopen().allowed() == [openAI])
    }

    static let exact = Case("a destination is matched exactly: another scheme, host or port is not allowed") { factory in
        let store = try await factory.make()
        try await store.subject.allow(openAI)
        for other in ["http://api.openai.com", "https://api.openai.com:8443", "https://openai.com", "https://api.openai.com.evil.test"] {
            #expect(try await store.subject.isAllowed(other) == false, "\(other)")
        }
    }
}
