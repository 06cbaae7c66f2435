/// Bytes as lower-case hexadecimal text, written by hand: `String(format: "%02x")` per byte costs
/// more than what the bytes are for (a token's digest, an id) on every request.
public enum LowercaseHex {
    /// Two digits a byte, with a `-` before each byte whose position is in `hyphensBefore`
    /// (`[4, 6, 8, 10]` spells a UUID).
    public static func text(_ bytes: some Sequence<UInt8>, hyphensBefore: [Int] = []) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2 + hyphensBefore.count)
        for (index, byte) in bytes.enumerated() {
            if hyphensBefore.contains(index) { text.append(UInt8(ascii: "-")) }
            text.append(digit(byte >> 4))
            text.append(digit(byte & 0x0F))
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func digit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
