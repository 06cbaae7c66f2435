/// Bytes as lower-case hexadecimal text, written by hand: `String(format: "%02x")` per byte costs
/// more than what the bytes are for (a token's digest, an id) on every request.
public enum LowercaseHex {
    /// Two digits a byte, with a `-` before each byte whose position is in `hyphensBefore`
    /// (`[4, 6, 8, 10]` spells a UUID).
    public static func text(_ bytes: UnsafeRawBufferPointer, hyphensBefore: [Int] = []) -> String {
        String(unsafeUninitializedCapacity: Swift.max(bytes.count * 2 + hyphensBefore.count, 1)) { buffer in
            var written = 0
            for (index, byte) in zip(bytes.indices, bytes) {
                if hyphensBefore.contains(index) {
                    buffer[written] = UInt8(ascii: "-")
                    written += 1
                }
                buffer[written] = digit(byte >> 4)
                buffer[written + 1] = digit(byte & 0x0F)
                written += 2
            }
            return written
        }
    }

    /// The same for any sequence of bytes (read into one buffer first when it keeps none).
    @inlinable
    public static func text(_ bytes: some Sequence<UInt8>, hyphensBefore: [Int] = []) -> String {
        if let text = bytes.withContiguousStorageIfAvailable({ text(UnsafeRawBufferPointer($0), hyphensBefore: hyphensBefore) }) {
            return text
        }
        return Array(bytes).withUnsafeBytes { text($0, hyphensBefore: hyphensBefore) }
    }

    private static func digit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
