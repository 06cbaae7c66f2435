import Foundation
import Testing
import WellnessComposition

/// Where the data lives: `--data-dir` > `WELLNESS_DATA_DIR` > the platform's place: on Linux an
/// absolute `XDG_DATA_HOME` > HOME > the account's home; on Apple platforms Application Support.
@Suite("DataDirectory.resolve")
struct DataDirectoryTests {
    let everything = [
        "WELLNESS_DATA_DIR": "/srv/wellness-env",
        "XDG_DATA_HOME": "/home/ann/.xdg",
        "HOME": "/home/ann",
    ]

    @Test("an explicit directory wins over everything")
    func explicitWins() {
        #expect(DataDirectory.resolve(explicit: "/data/mine", environment: everything).path == "/data/mine")
    }

    @Test("WELLNESS_DATA_DIR comes next")
    func environmentVariable() {
        #expect(DataDirectory.resolve(explicit: nil, environment: everything).path == "/srv/wellness-env")
        #expect(DataDirectory.resolve(explicit: "", environment: everything).path == "/srv/wellness-env",
                "an empty flag counts as absent")
    }

    #if canImport(Darwin)
    @Test("then Wellness in the app's Application Support directory; XDG_DATA_HOME and HOME play no part")
    func applicationSupport() throws {
        let support = try #require(FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first)
        let expected = support.appendingPathComponent("Wellness", isDirectory: true).path
        #expect(DataDirectory.resolve(environment: ["XDG_DATA_HOME": "/home/ann/.xdg", "HOME": "/home/ann"]).path == expected)
        #expect(DataDirectory.resolve(environment: [:]).path == expected)
    }
    #else
    @Test("then an absolute XDG_DATA_HOME, with wellness appended")
    func xdg() {
        var environment = everything
        environment["WELLNESS_DATA_DIR"] = ""
        #expect(DataDirectory.resolve(environment: environment).path == "/home/ann/.xdg/wellness")
        environment["WELLNESS_DATA_DIR"] = nil
        #expect(DataDirectory.resolve(environment: environment).path == "/home/ann/.xdg/wellness")
    }

    @Test("a relative or empty XDG_DATA_HOME is ignored, as the XDG spec says",
          arguments: ["relative/xdg", "./xdg", "~/xdg", ""])
    func relativeXDGIgnored(xdg: String) {
        let environment = ["XDG_DATA_HOME": xdg, "HOME": "/home/ann"]
        #expect(DataDirectory.resolve(environment: environment).path == "/home/ann/.local/share/wellness")
    }

    @Test("finally HOME/.local/share/wellness")
    func home() {
        #expect(DataDirectory.resolve(environment: ["HOME": "/home/bob"]).path == "/home/bob/.local/share/wellness")
    }

    @Test("without HOME (a service, a container), the account's home directory; XDG_DATA_HOME still wins")
    func withoutHome() {
        let expected = URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
            .appendingPathComponent(".local/share/wellness", isDirectory: true).path
        #expect(DataDirectory.resolve(environment: [:]).path == expected)
        #expect(DataDirectory.resolve(environment: ["HOME": ""]).path == expected, "an empty HOME counts as absent")
        #expect(!NSHomeDirectory().isEmpty)
        #expect(DataDirectory.resolve(environment: ["XDG_DATA_HOME": "/var/lib/xdg"]).path == "/var/lib/xdg/wellness")
    }
    #endif

    @Test("~ expands to HOME in the flag and in WELLNESS_DATA_DIR")
    func tildeExpansion() {
        let environment = ["HOME": "/home/ann"]
        #expect(DataDirectory.resolve(explicit: "~/wellness-data", environment: environment).path
            == "/home/ann/wellness-data")
        #expect(DataDirectory.resolve(explicit: "~", environment: environment).path == "/home/ann")
        #expect(DataDirectory.resolve(environment: ["HOME": "/home/ann", "WELLNESS_DATA_DIR": "~/w"]).path
            == "/home/ann/w")
        #expect(DataDirectory.resolve(explicit: "/abs/~/x", environment: environment).path == "/abs/~/x",
                "only a leading ~ is expanded")
    }

    @Test("the result is a directory URL")
    func isDirectory() {
        #expect(DataDirectory.resolve(explicit: "/data/mine", environment: [:]).hasDirectoryPath)
        #expect(DataDirectory.resolve(environment: ["HOME": "/home/bob"]).hasDirectoryPath)
        #expect(DataDirectory.resolve(environment: [:]).hasDirectoryPath)
    }
}
