import Foundation
import WellnessComposition

/// Memory stays flat for crafted input (issue 37): each file below, generated as a stream and
/// never held whole, is refused with its line while the process's peak memory grows by at most
/// 64 MB (a record may be 16 MB). Before the bounds, a `"version"` of 300 MB took 1.28 GB and
/// 60 million nested `<a>` elements 1.1 GB.
struct HostileInputBenchmark: BenchmarkCase {
    let size: BenchSize
    /// CI runs this case at the quick size, reported and not judged.
    var quick: Bool { size.isSmall }
    let key = "hostile"
    let name = "Crafted archives and Health exports: refused with flat memory"

    static let growthTargetMB = 64.0
    /// The weigh-ins' collection, as the registry names it.
    static let weights = WeightRecords.collection.rawValue

    /// One crafted input: what it is, and how to feed it until it is refused.
    struct Input: Sendable {
        let label: String
        let feed: @Sendable (Wellness) async throws -> Void
    }

    var inputs: [Input] {
        let scale = quick ? 10 : 1
        return [
            Input(label: "a restore whose \"version\" is a \(300 / scale) MB number") { wellness in
                _ = try await wellness.backups.restore(from: GeneratedBytes(
                    head: #"{"format":"wellness-backup","version":"#, repeating: "9", megabytes: 300 / scale, tail: "}"))
            },
            // Past the 16 MB a record may take, in the quick run too.
            Input(label: "a restore whose weigh-in is a \(quick ? 20 : 150) MB string") { wellness in
                _ = try await wellness.backups.restore(from: GeneratedBytes(
                    head: #"{"format":"wellness-backup","version":1,"collections":{""# + Self.weights + #"":[""#,
                    repeating: "x", megabytes: quick ? 20 : 150, tail: #""]}}"#))
            },
            // Under the 16 MB a record may take: only the scalar limit stops it.
            Input(label: "a restore whose weigh-in holds a 15 MB number") { wellness in
                _ = try await wellness.backups.restore(from: GeneratedBytes(
                    head: #"{"format":"wellness-backup","version":1,"collections":{""# + Self.weights + #"":[{"kilograms":"#,
                    repeating: "9", megabytes: 15, tail: "}]}}"))
            },
            Input(label: "a restore whose weigh-in nests \(100 / scale) MB of arrays") { wellness in
                _ = try await wellness.backups.restore(from: GeneratedBytes(
                    head: #"{"format":"wellness-backup","version":1,"collections":{""# + Self.weights + #"":["#,
                    repeating: "[", megabytes: 100 / scale, tail: "]}}"))
            },
            Input(label: "a Health export of \(60 / scale) million nested elements") { wellness in
                _ = try await wellness.health.importExport(GeneratedExport(bytes: GeneratedBytes(
                    head: "<?xml version=\"1.0\"?>\n<HealthData>\n", repeating: "<a>", megabytes: 180 / scale,
                    tail: "</HealthData>\n")))
            },
        ]
    }

    func run() async throws -> BenchmarkReport {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wellness-bench-hostile-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var lines: [String] = []
        var checks: [BenchmarkReport.Check] = []
        for (index, input) in inputs.enumerated() {
            let wellness = try Wellness.make(WellnessConfiguration(
                store: .sqlite, dataDirectory: directory.appendingPathComponent("store-\(index)", isDirectory: true)))
            try resetPeakMemory()
            let before = residentMemoryMB()
            var refusal = "accepted"
            do {
                try await input.feed(wellness)
            } catch let error as any WellnessError {
                refusal = "refused: \(error.summary)"
            }
            let growth = peakMemoryMB() - before
            lines.append("\(input.label): \(refusal)")
            checks.append(BenchmarkReport.Check(
                text: String(format: "%@: peak memory grew %.1f MB (target ≤ %.0f MB, refused)", input.label, growth,
                             Self.growthTargetMB),
                met: growth <= Self.growthTargetMB && refusal != "accepted"))
        }
        return BenchmarkReport(name: name, lines: lines, checks: checks)
    }
}

/// `head`, then `repeating` over and over to `megabytes`, then `tail`, in chunks of 1 MB: made as
/// it is read, never held.
final class GeneratedBytes: ByteSource, @unchecked Sendable {
    private let head: [UInt8], tail: [UInt8], chunk: [UInt8]
    private let chunks: Int
    private var served = -1
    private let lock = NSLock()

    init(head: String, repeating unit: String, megabytes: Int, tail: String) {
        self.head = Array(head.utf8)
        self.tail = Array(tail.utf8)
        let unit = Array(unit.utf8)
        chunk = Array((0..<((1 << 20) / unit.count)).map { _ in unit }.joined())
        chunks = megabytes
    }

    var totalBytes: Int? { head.count + chunks * chunk.count + tail.count }

    func nextChunk() throws -> [UInt8]? {
        lock.withLock {
            defer { served += 1 }
            switch served {
            case -1: return head
            case chunks: return tail
            case let index where index > chunks: return nil
            default: return chunk
            }
        }
    }
}

/// A Health export's XML from ``GeneratedBytes``.
struct GeneratedExport: HealthExportSource {
    let bytes: GeneratedBytes

    var totalBytes: Int? { bytes.totalBytes }

    func read(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        while let chunk = try bytes.nextChunk() {
            try chunk.withUnsafeBufferPointer(body)
        }
    }
}
