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
        withUnsafeBytes(of: uuid) { LowercaseHex.text($0, hyphensBefore: [4, 6, 8, 10]) }
    }
}
