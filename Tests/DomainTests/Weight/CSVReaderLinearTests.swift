import Foundation
import Testing
import WellnessDomain

/// Reading stays linear in the input and refuses an endless first line early: asserted on the
/// bytes the reader consumed and parsed, never on time.
@Suite("CSV reader: linear reading")
struct CSVReaderLinearTests {
    /// An endless input (`prefix`, then `pattern` over and over, as a 1 GB file or `/dev/zero`
    /// would be), fed to a reader in `chunkSize` chunks until it throws or `limit` bytes went in
    /// (a reader that never refuses fails the test there). Returns the error and the bytes
    /// consumed.
    static func feed(prefix: [UInt8] = [], pattern: [UInt8], chunkSize: Int, limit: Int = 4 << 20,
                     reader: inout CSVReader) -> (error: CSVError?, consumed: Int) {
        var consumed = 0
        var first = true
        var phase = 0
        while consumed < limit {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(chunkSize)
            if first {
                chunk += prefix
                first = false
            }
            while chunk.count < chunkSize {
                chunk.append(pattern[phase])
                phase = (phase + 1) % pattern.count
            }
            do {
                try reader.consume(chunk) { _ in }
            } catch let error as CSVError {
                return (error, consumed + chunk.count)
            } catch {
                Issue.record("unexpected \(error)")
                return (nil, consumed)
            }
            consumed += chunk.count
        }
        return (nil, consumed)
    }

    @Test("a first line that never ends (1 GB of it, or /dev/zero's NULs) is refused within the first 2 MB",
          arguments: [[UInt8(0)], Array("abc,def;".utf8), Array("\"quoted, still open ".utf8)], [1 << 12, 1 << 16, 1 << 18])
    func endlessFirstLine(pattern: [UInt8], chunkSize: Int) {
        var reader = CSVReader()
        let (error, consumed) = Self.feed(pattern: pattern, chunkSize: chunkSize, reader: &reader)
        #expect(error == CSVError(line: 1, column: 1, problem: .recordTooLong(kilobytes: 1024)))
        #expect(consumed <= 2 << 20, "consumed \(consumed) bytes")
        #expect(reader.bytesParsed <= 3 * consumed)
    }

    @Test("an endless record after the header is refused within the first 2 MB, naming its line")
    func endlessLaterRecord() {
        var reader = CSVReader()
        let (error, consumed) = Self.feed(prefix: Array("date,weight_kg,note\n2024-01-01,70,x\n".utf8),
                                          pattern: Array("zzzz".utf8), chunkSize: 1 << 16, reader: &reader)
        #expect(error == CSVError(line: 3, column: 1, problem: .recordTooLong(kilobytes: 1024)))
        #expect(consumed <= 2 << 20, "consumed \(consumed) bytes")
    }

    @Test("CR-only line endings (classic Mac) are refused on the first line, in the first chunk",
          arguments: [1, 7, 1 << 12, 1 << 16])
    func carriageReturnOnly(chunkSize: Int) {
        var reader = CSVReader()
        let (error, consumed) = Self.feed(prefix: Array("date,weight_kg\r".utf8),
                                          pattern: Array("2024-01-01T08:00Z,70\r".utf8), chunkSize: chunkSize,
                                          reader: &reader)
        #expect(error == CSVError(line: 1, column: 2, problem: .carriageReturnWithoutLineFeed))
        #expect(consumed <= max(64, 2 * chunkSize), "consumed \(consumed) bytes")
    }

    @Test("a long record arriving a few bytes at a time is parsed a bounded number of times", arguments: [1, 3, 100])
    func longRecordInSmallChunks(chunkSize: Int) throws {
        // A quoted field of 200 KB with line feeds inside, then a normal record.
        let field = String(repeating: "line of text\n", count: 200_000 / 13)
        let input = Array(("note,n\n\"" + field + "\",1\nlast,2\n").utf8)
        var reader = CSVReader()
        var records = 0
        var start = 0
        while start < input.count {
            let end = min(input.count, start + chunkSize)
            try reader.consume(input[start..<end]) { _ in records += 1 }
            start = end
        }
        try reader.finish { _ in records += 1 }
        #expect(records == 3)
        #expect(reader.bytesRead == input.count)
        #expect(reader.bytesParsed <= 4 * input.count, "parsed \(reader.bytesParsed) of \(input.count) bytes")
    }

    @Test("many short records in tiny chunks are still each parsed a bounded number of times")
    func shortRecordsInTinyChunks() throws {
        let input = Array(("a,b\n" + String(repeating: "12,34\n", count: 20_000)).utf8)
        var reader = CSVReader()
        var records = 0
        for byte in input { try reader.consume(CollectionOfOne(byte)) { _ in records += 1 } }
        try reader.finish { _ in records += 1 }
        #expect(records == 20_001)
        #expect(reader.bytesParsed <= 4 * input.count, "parsed \(reader.bytesParsed) of \(input.count) bytes")
    }
}
