#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import WellnessFileSystem
import WellnessJSONFile
import WellnessTestSupport

/// A store that cannot be written says it is read-only, naming the file or directory, instead
/// of "cannot create".
@Suite("Read-only stores")
struct ReadOnlyStoreTests {
    @Test("a refused write names the existing file, or the directory a new file would go in",
          arguments: [EACCES, EPERM, EROFS])
    func mapping(code: Int32) throws {
        let root = try TemporaryDirectory()
        let existing = root.file("weights.json")
        try Data("[]".utf8).write(to: existing)
        #expect(FileSystemError.notWritable(existing.path, operation: "create", errno: code) == .readOnly(existing.path))
        let missing = root.file("new.json")
        #expect(FileSystemError.notWritable(missing.path, operation: "create", errno: code) == .readOnly(root.url.path))
        let message = FileSystemError.readOnly(root.url.path).localizedDescription
        #expect(message.contains("\(root.url.path) is read-only") && !message.contains("cannot create"), "\(message)")
    }

    @Test("other failures keep their system reason")
    func otherFailures() throws {
        let root = try TemporaryDirectory()
        let path = root.file("x.json").path
        #expect(FileSystemError.notWritable(path, operation: "create", errno: ENOSPC) == .posix(path: path, operation: "create", errno: ENOSPC))
    }

    @Test("a JSON store in a read-only directory says the directory is read-only",
          .enabled(if: geteuid() != 0, "root writes anywhere: permissions cannot make a directory read-only"))
    func readOnlyDirectory() async throws {
        let root = try TemporaryDirectory()
        let directory = root.file("data")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o500)
        defer { chmod(directory.path, 0o700) }
        #expect(throws: FileSystemError.readOnly(directory.path)) { try JSONFileStore(directory: directory) }
        #expect(throws: FileSystemError.readOnly(directory.path)) {
            try JSONFileStore(directory: directory.appendingPathComponent("nested"))
        }
    }
}
