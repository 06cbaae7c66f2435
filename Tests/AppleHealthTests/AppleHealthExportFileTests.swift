import Foundation
import Testing
import WellnessAppleHealth
import WellnessApplication
import WellnessDomain
import WellnessTestSupport

/// `AppleHealthExportFile`: the XML of an `export.zip` or of a bare `export.xml`, read in chunks.
@Suite("Apple Health export files")
struct AppleHealthExportFileTests {
    static let record = #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ann&#8217;s iPhone" unit="count" startDate="2024-03-01 08:00:00 +0100" endDate="2024-03-01 08:10:00 +0100" value="523"/>"#

    /// Everything `source` hands over, and in how many chunks.
    static func contents(_ source: any HealthExportSource) throws -> (text: String, chunks: Int) {
        var bytes: [UInt8] = []
        var chunks = 0
        try source.read { chunk in
            bytes += chunk
            chunks += 1
        }
        return (String(decoding: bytes, as: UTF8.self), chunks)
    }

    @Test("an export.zip gives its apple_health_export/export.xml, not export_cda.xml, with its size for progress")
    func zip() throws {
        let directory = try TemporaryDirectory()
        let xml = HealthExportFixtures.xml([Self.record])
        let url = directory.file("export.zip")
        try HealthExportFixtures.exportZip(xml, at: url)
        let source = try AppleHealthExportFile(url: url)
        #expect(source.totalBytes == xml.utf8.count)
        #expect(try Self.contents(source).text == xml)
        // Read twice, the same.
        #expect(try Self.contents(source).text == xml)
    }

    @Test("a large export.xml is handed over in chunks, never whole")
    func chunks() throws {
        let directory = try TemporaryDirectory()
        let xml = HealthExportFixtures.xml(Array(repeating: Self.record, count: 6_000))
        #expect(xml.utf8.count > 1 << 20)
        let zipped = directory.file("export.zip"), plain = directory.file("export.xml")
        try HealthExportFixtures.exportZip(xml, at: zipped)
        try Data(xml.utf8).write(to: plain)
        for url in [zipped, plain] {
            let read = try Self.contents(try AppleHealthExportFile(url: url))
            #expect(read.text == xml)
            #expect(read.chunks >= xml.utf8.count / (1 << 16), "\(url.lastPathComponent)")
        }
    }

    @Test("a bare export.xml is read as it is, even when it is not XML (the reader says what is wrong)")
    func plain() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("export.xml")
        try Data("date,weight\n".utf8).write(to: url)
        let source = try AppleHealthExportFile(url: url)
        #expect(source.totalBytes == 12)
        #expect(try Self.contents(source).text == "date,weight\n")
    }

    @Test("a zip without export.xml is refused before anything is read")
    func noExport() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("photos.zip")
        try HealthExportFixtures.zip([(path: "apple_health_export/export_cda.xml", contents: Data("<x/>".utf8)),
                                      (path: "notes/export.xml.txt", contents: Data("<x/>".utf8))], at: url)
        let error = try #require(throws: HealthExportError.self) { try AppleHealthExportFile(url: url) }
        #expect(error.problem == .noExportInZip)
        #expect(error.line == 0)
    }

    @Test("a zip cut short cannot be read, and says so")
    func truncatedZip() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("export.zip")
        try HealthExportFixtures.exportZip(HealthExportFixtures.xml([Self.record]), at: url)
        let data = try Data(contentsOf: url)
        try data.prefix(data.count / 2).write(to: url)
        let error = try #require(throws: HealthExportError.self) { try AppleHealthExportFile(url: url) }
        guard case .unreadableZip = error.problem else {
            Issue.record("expected unreadableZip, got \(error.problem)")
            return
        }
    }

    @Test("an error of the reader passes through unchanged, and stops the reading")
    func consumerError() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("export.zip")
        try HealthExportFixtures.exportZip(HealthExportFixtures.xml(Array(repeating: Self.record, count: 5_000)), at: url)
        let refusal = HealthExportError(line: 7, element: "Record", problem: .missingAttribute("type"))
        var calls = 0
        let error = try #require(throws: HealthExportError.self) {
            try AppleHealthExportFile(url: url).read { _ in
                calls += 1
                throw refusal
            }
        }
        #expect(error == refusal)
        #expect(calls == 1)
    }
}
