import Foundation
import Testing
import WellnessTestSupport

/// Issue 37, finding 4: a data directory every user may write is refused before use, on each
/// persistent store, with a message that names it and the fix.
@Suite("CLI: a data directory others can write is refused")
struct DataDirectoryPermissionsCLITests {
    @Test("0777: exit 1 naming the directory and chmod 700, nothing written; after chmod 700 it works",
          arguments: persistentStores)
    func refused(store: String) async throws {
        let cli = try Sandbox(store: store)
        try FileManager.default.createDirectory(at: cli.data, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: cli.data.path)
        let result = try await cli.run(["mood", "log", "4"], now: Moment.start)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("\(cli.data.path) can be written by other users"), "\(result)")
        #expect(result.stderr.contains("chmod 700 \(cli.data.path)"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.data.path) == [])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: cli.data.path)
        try await cli.ok(["mood", "log", "4"], now: Moment.start)
    }
}
