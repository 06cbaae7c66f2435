import Foundation

/// An identifier that belongs to one kind of entity: a goal's id cannot be passed where a
/// supplement's is expected, although both wrap a UUID. `Owner` is only a tag; `RawValue` is
/// what is stored (a `UUID` for ids Wellness makes, a `String` for ids a catalog gives).
///
/// It encodes as its raw value alone, so stored data and wire formats do not change when a
/// type adopts it.
public struct TypedID<Owner, RawValue: Hashable & Sendable & Codable>: RawRepresentable, Hashable, Sendable, Codable,
    CustomStringConvertible
{
    public let rawValue: RawValue

    public init(rawValue: RawValue) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: RawValue) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(RawValue.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// A UUID in lower case, as shown and typed; any other raw value as it is.
    public var description: String {
        if let uuid = rawValue as? UUID { return uuid.lowercasedText }
        return "\(rawValue)"
    }
}

extension TypedID where RawValue == UUID {
    /// A new, random id.
    public init() {
        self.init(UUID())
    }
}

extension TypedID: Comparable where RawValue: Comparable {
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension TypedID: ExpressibleByStringLiteral, ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral
    where RawValue == String
{
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension UUID {
    /// `uuidString.lowercased()`, written byte by byte (ids are described on every request).
    var lowercasedText: String {
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var at = 0
                digits.withUTF8Buffer { hex in
                    for (index, byte) in bytes.enumerated() {
                        if index == 4 || index == 6 || index == 8 || index == 10 {
                            text[at] = UInt8(ascii: "-")
                            at += 1
                        }
                        text[at] = hex[Int(byte >> 4)]
                        text[at + 1] = hex[Int(byte & 0x0F)]
                        at += 2
                    }
                }
                return at
            }
        }
    }
}
