import Foundation
import WellnessComposition

/// Module settings kept as `key=value` lines in one small text file, the way an app might keep
/// them beside its other preferences:
///
/// ```text
/// chosen=1
/// firstRunAt=1764576000000
/// walks.enabled=1
/// walks.enabledAt=1764576000000
/// walks.lastUsed=1764662400000
/// ```
///
/// An adapter of the `ModuleSettingsRepository` port, written outside Wellness and proved by
/// `ModuleSettingsRepositoryContract` (see the tests). Handles on the same file in one process
/// share a lock, so read-modify-write updates never lose each other's changes; the file is
/// replaced atomically, so a crash never leaves half of it. (One process at a time: a second
/// process would need a file lock as well.)
public struct KeyValueModuleSettingsRepository: ModuleSettingsRepository {
    public let file: URL

    public init(file: URL) {
        self.file = file
    }

    public func load() async throws -> ModuleSettings? {
        try await FileLocks.shared.withLock(file) { try read() }
    }

    public func update<Result: Sendable>(
        _ change: @Sendable (inout ModuleSettings?) throws -> Result
    ) async throws -> Result {
        try await FileLocks.shared.withLock(file) {
            var settings = try read()
            let result = try change(&settings)
            try write(settings)
            return result
        }
    }

    // MARK: - The file

    private func read() throws -> ModuleSettings? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let text = try String(contentsOf: file, encoding: .utf8)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw KeyValueFileError.badLine(String(line)) }
            values[String(parts[0])] = String(parts[1])
        }
        guard values["chosen"] == "1" else { return nil }
        let modules = Set(values.keys.compactMap { $0.split(separator: ".").first.map(String.init) })
            .subtracting(Self.storeKeys).sorted()
        return ModuleSettings(entries: modules.map { module in
            ModuleEntry(module: module, isEnabled: values["\(module).enabled"] == "1",
                        enabledAt: values["\(module).enabledAt"].flatMap(Self.instant),
                        lastUsed: values["\(module).lastUsed"].flatMap(Self.instant))
        }, firstRunAt: values["firstRunAt"].flatMap(Self.instant), chosenAt: values["chosenAt"].flatMap(Self.instant))
    }

    private func write(_ settings: ModuleSettings?) throws {
        guard let settings else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        var lines = ["chosen=1"]
        if let firstRunAt = settings.firstRunAt { lines.append("firstRunAt=\(Self.milliseconds(firstRunAt))") }
        if let chosenAt = settings.chosenAt { lines.append("chosenAt=\(Self.milliseconds(chosenAt))") }
        for entry in settings.entries {
            lines.append("\(entry.module).enabled=\(entry.isEnabled ? 1 : 0)")
            if let enabledAt = entry.enabledAt { lines.append("\(entry.module).enabledAt=\(Self.milliseconds(enabledAt))") }
            if let lastUsed = entry.lastUsed { lines.append("\(entry.module).lastUsed=\(Self.milliseconds(lastUsed))") }
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file, options: .atomic)
    }

    /// The keys about the store rather than a module: the "settings exist" marker, the first run
    /// and the first choice.
    private static let storeKeys: Set<String> = ["chosen", "firstRunAt", "chosenAt"]

    private static func milliseconds(_ date: Date) -> Int64 { Timestamp.milliseconds(date) }

    private static func instant(_ text: String) -> Date? { Int64(text).map(Timestamp.fromMilliseconds) }
}

/// A line of the settings file that is not `key=value`.
public enum KeyValueFileError: Error, Equatable {
    case badLine(String)
}

/// One lock per file path, shared by every handle in the process.
actor FileLocks {
    static let shared = FileLocks()
    private var busy: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    func withLock<T: Sendable>(_ file: URL, _ body: () throws -> T) async throws -> T {
        let key = file.standardizedFileURL.path
        while busy.contains(key) {
            await withCheckedContinuation { waiting[key, default: []].append($0) }
        }
        busy.insert(key)
        defer {
            busy.remove(key)
            if var queue = waiting[key], !queue.isEmpty {
                queue.removeFirst().resume()
                waiting[key] = queue
            }
        }
        return try body()
    }
}
