import Foundation
import WellnessApplication
import WellnessDomain
import ZIPFoundation

/// An Apple Health export on disk: the `export.zip` the Health app writes (its
/// `apple_health_export/export.xml` is decompressed as it is read, never to disk or to memory
/// as a whole) or that `export.xml` itself. Which one is told by the file's first bytes.
public struct AppleHealthExportFile: HealthExportSource {
    /// The file: the zip or the XML.
    public let url: URL
    /// For a zip, its `export.xml`'s uncompressed size; for the XML, the file's size (`nil` when it cannot
    /// be read).
    public let totalBytes: Int?
    private let zipEntry: String?

    /// The chunk size files are read and decompressed in.
    static let chunkSize = 1 << 16

    /// Opens `url`: for a zip, finds its `export.xml`.
    /// - Throws: ``HealthExportError`` (line 0) for a zip that cannot be read or has no
    ///   `export.xml`; a Foundation file error when the file cannot be opened.
    public init(url: URL) throws {
        self.url = url
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let magic = try handle.read(upToCount: 4) ?? Data()
        guard magic.starts(with: [0x50, 0x4B]) else {
            zipEntry = nil
            totalBytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
            return
        }
        let archive = try Self.open(url)
        guard let entry = Self.exportEntry(in: archive) else {
            throw HealthExportError(line: 0, element: nil, problem: .noExportInZip)
        }
        zipEntry = entry.path
        totalBytes = Int(exactly: entry.uncompressedSize)
    }

    private static func open(_ url: URL) throws -> Archive {
        do {
            return try Archive(url: url, accessMode: .read)
        } catch {
            throw HealthExportError(line: 0, element: nil, problem: .unreadableZip(String(describing: error)))
        }
    }

    /// The zip's `export.xml`: the one named exactly so (never `export_cda.xml`), the shallowest
    /// when there are several.
    private static func exportEntry(in archive: Archive) -> Entry? {
        archive.filter { $0.type == .file && ($0.path == "export.xml" || $0.path.hasSuffix("/export.xml")) }
            .min { $0.path.count < $1.path.count }
    }

    public func read(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard let zipEntry else { return try readPlain(body) }
        let archive = try Self.open(url)
        guard let entry = archive[zipEntry] else {
            throw HealthExportError(line: 0, element: nil, problem: .noExportInZip)
        }
        // The consumer's own errors (a malformed export) pass through; the zip reader's become
        // "the zip cannot be read".
        var consumerError: (any Error)?
        let checksum: CRC32
        do {
            checksum = try withoutActuallyEscaping(body) { body in
                try archive.extract(entry, bufferSize: Self.chunkSize) { data in
                    do {
                        try data.withUnsafeBytes { bytes in try body(bytes.bindMemory(to: UInt8.self)) }
                    } catch {
                        consumerError = error
                        throw error
                    }
                }
            }
        } catch {
            if let consumerError { throw consumerError }
            throw HealthExportError(line: 0, element: nil, problem: .unreadableZip(String(describing: error)))
        }
        guard checksum == entry.checksum else {
            throw HealthExportError(line: 0, element: nil, problem: .unreadableZip("export.xml fails its CRC-32 check"))
        }
    }

    private func readPlain(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        while let data = try handle.read(upToCount: Self.chunkSize), !data.isEmpty {
            try data.withUnsafeBytes { bytes in try body(bytes.bindMemory(to: UInt8.self)) }
        }
    }
}
