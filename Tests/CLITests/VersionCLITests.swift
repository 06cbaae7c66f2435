import Foundation
import Testing
import WellnessComposition
import WellnessTestSupport

/// One version, named the same by the library, the changelog and `wellness --version`.
@Suite("CLI: the version")
struct VersionCLITests {
    @Test("wellness --version prints WellnessVersion.current and exits 0")
    func versionFlag() async throws {
        let cli = try Sandbox()
        let result = try await cli.raw(["--version"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == WellnessVersion.current, "\(result)")
    }

    @Test("CHANGELOG.md's newest release is WellnessVersion.current, dated, after an Unreleased section")
    func changelogNamesTheVersion() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") }
        try #require(headings.count >= 2, "\(headings)")
        #expect(headings[0] == "## [Unreleased]")
        let newest = String(headings[1])
        #expect(newest.hasPrefix("## [\(WellnessVersion.current)] - "), "\(newest)")
        let date = newest.split(separator: " ").last.map(String.init) ?? ""
        #expect(date.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil, "\(newest)")
    }
}
