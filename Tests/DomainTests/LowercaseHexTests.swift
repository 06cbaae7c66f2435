import Foundation
import Testing
import WellnessDomain

@Suite("LowercaseHex")
struct LowercaseHexTests {
    @Test("every byte as two lower-case digits, as String(format:) spells it")
    func everyByte() {
        let bytes = (0...255).map(UInt8.init)
        let expected = bytes.map { String(format: "%02x", $0) }.joined()
        #expect(LowercaseHex.text(bytes) == expected)
        #expect(bytes.withUnsafeBytes { LowercaseHex.text($0) } == expected)
    }

    @Test("a hyphen before each listed position, none past the end")
    func hyphens() {
        let bytes: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF, 0x01, 0x02]
        #expect(LowercaseHex.text(bytes, hyphensBefore: [2, 4]) == "dead-beef-0102")
        #expect(LowercaseHex.text(bytes, hyphensBefore: [0, 9]) == "-deadbeef0102")
        #expect(LowercaseHex.text([UInt8](), hyphensBefore: [0]) == "")
    }

    @Test("a sequence that keeps no buffer of its own (and underestimates its count) is written whole")
    func lazySequence() {
        let bytes = (0..<40).lazy.map { UInt8($0 * 5) }.filter { _ in true }
        #expect(bytes.underestimatedCount == 0)
        #expect(LowercaseHex.text(bytes) == (0..<40).map { String(format: "%02x", $0 * 5) }.joined())
    }

    @Test("a UUID's text is Foundation's, lower-cased")
    func uuid() {
        for _ in 0..<100 {
            let uuid = UUID()
            let text = withUnsafeBytes(of: uuid.uuid) { LowercaseHex.text($0, hyphensBefore: [4, 6, 8, 10]) }
            #expect(text == uuid.uuidString.lowercased())
        }
    }
}
