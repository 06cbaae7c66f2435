/// A few ASCII bytes (at most ``capacity``) built on the stack and then appended to an array
/// in one go: appending to an array byte by byte checks its storage for every byte, which is
/// most of the cost of writing a date or a number.
struct ASCIIBytes {
    static let capacity = 32
    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private(set) var count = 0

    mutating func append(_ byte: UInt8) {
        precondition(count < Self.capacity, "more than \(Self.capacity) bytes")
        withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
        count += 1
    }

    /// The decimal digits of `value` (not negative), with leading zeros up to `width`.
    mutating func appendDigits(_ value: Int, width: Int) {
        precondition(value >= 0, "a negative number")
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        digits = max(digits, width)
        precondition(count + digits <= Self.capacity, "more than \(Self.capacity) bytes")
        rest = value
        withUnsafeMutableBytes(of: &storage) { buffer in
            for index in (count..<count + digits).reversed() {
                buffer[index] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
        }
        count += digits
    }

    /// The bytes as a string.
    var string: String {
        withUnsafeBytes(of: storage) { String(decoding: $0.prefix(count), as: UTF8.self) }
    }

    /// Appends the bytes to `other`.
    func append(to other: inout ASCIIBytes) {
        withUnsafeBytes(of: storage) { for byte in $0.prefix(count) { other.append(byte) } }
    }

    /// Appends the bytes to `bytes`.
    func append(to bytes: inout [UInt8]) {
        withUnsafeBytes(of: storage) { bytes.append(contentsOf: $0.prefix(count)) }
    }
}
