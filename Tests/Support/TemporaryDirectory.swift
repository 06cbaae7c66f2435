import Foundation

/// A new, empty directory under the system's temporary directory, removed when the last
/// copy is released.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init(prefix: String = "wellness-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }
}
