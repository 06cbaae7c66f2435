import Foundation
import Testing
import WellnessComposition
import WellnessTestSupport

/// `--store` and `--locale` values, and the language from the POSIX locale variables.
@Suite("StoreKind and WellnessLocale")
struct ParsingTests {
    @Test("StoreKind.parse accepts sqlite, json and memory, in any case")
    func storeKinds() throws {
        #expect(try StoreKind.parse("sqlite") == .sqlite)
        #expect(try StoreKind.parse("json") == .json)
        #expect(try StoreKind.parse("memory") == .memory)
        #expect(try StoreKind.parse("SQLite") == .sqlite)
        #expect(StoreKind.allCases.map(\.rawValue) == ["sqlite", "json", "memory"])
    }

    @Test("StoreKind.parse refuses anything else, naming the value and the valid ones",
          arguments: ["mysql", "", "sqlite3", " json"])
    func badStore(text: String) {
        let error = #expect(throws: InvalidValue.self) { try StoreKind.parse(text) }
        #expect(error == InvalidValue(kind: .store, value: text, valid: ["sqlite", "json", "memory"]))
        #expect(english(error) == "unknown store '\(text)'; valid: sqlite, json, memory")
    }

    @Test("WellnessLocale.parse accepts en and nl, in any case")
    func locales() throws {
        #expect(try WellnessLocale.parse("en") == .en)
        #expect(try WellnessLocale.parse("nl") == .nl)
        #expect(try WellnessLocale.parse("NL") == .nl)
    }

    @Test("WellnessLocale.parse refuses anything else, listing en and nl", arguments: ["fr", "", "nl_NL", "dutch"])
    func badLocale(text: String) {
        let error = #expect(throws: InvalidValue.self) { try WellnessLocale.parse(text) }
        #expect(error == InvalidValue(kind: .locale, value: text, valid: ["en", "nl"]))
        #expect(english(error).contains("'\(text)'"))
        #expect(english(error).hasSuffix("valid: en, nl"))
    }

    @Test("the language of LANG", arguments: [
        ("nl_NL.UTF-8", WellnessLocale.nl), ("nl_BE", .nl), ("nl", .nl), ("NL_nl.utf8", .nl),
        ("en_US.UTF-8", .en), ("en_GB", .en), ("de_DE.UTF-8", .en), ("fr_FR", .en), ("C", .en),
        ("C.UTF-8", .en), ("POSIX", .en),
    ])
    func fromLANG(lang: String, expected: WellnessLocale) {
        #expect(WellnessLocale.fromEnvironment(["LANG": lang]) == expected)
    }

    @Test("English when no locale variable is set, or all are empty")
    func unset() {
        #expect(WellnessLocale.fromEnvironment([:]) == .en)
        #expect(WellnessLocale.fromEnvironment(["LANG": "", "LC_ALL": "", "LC_MESSAGES": ""]) == .en)
    }

    @Test("LC_ALL wins over LC_MESSAGES, which wins over LANG; empty ones are skipped")
    func precedence() {
        #expect(WellnessLocale.fromEnvironment(["LC_ALL": "en_US.UTF-8", "LANG": "nl_NL.UTF-8"]) == .en)
        #expect(WellnessLocale.fromEnvironment(["LC_ALL": "nl_NL.UTF-8", "LANG": "en_US.UTF-8"]) == .nl)
        #expect(WellnessLocale.fromEnvironment(["LC_MESSAGES": "nl_NL", "LANG": "en_US"]) == .nl)
        #expect(WellnessLocale.fromEnvironment(["LC_ALL": "en_US", "LC_MESSAGES": "nl_NL"]) == .en)
        #expect(WellnessLocale.fromEnvironment(["LC_ALL": "", "LANG": "nl_NL.UTF-8"]) == .nl)
        #expect(WellnessLocale.fromEnvironment(["LC_ALL": "de_DE", "LANG": "nl_NL"]) == .en,
                "the first one set decides, even when it is not one of ours")
    }
}
