import Foundation // inet_pton and inet_ntop, from the platform's C library
import WellnessDomain

/// The proxies whose `X-Forwarded-For` the server believes, as addresses (`10.0.0.2`, `::1`)
/// and CIDR ranges (`10.0.0.0/30`, `fd00::/120`). A request's client address is its
/// connection's peer, unless that peer is one of these: then it is the address the nearest
/// untrusted hop connected from, read from the right of `X-Forwarded-For` (which every proxy
/// appends to), so whatever a client writes into the header itself is never believed. The login
/// back-off counts failures per client address; without this, every client behind a proxy would
/// share its one. List only the proxies' own addresses: any host in a trusted range can name any
/// client in the header, and so have another client's logins held up.
public struct TrustedProxies: Sendable, Hashable {
    private var ranges: [AddressRange] = []

    /// None: every request's client is its connection's peer (the default).
    public init() {}

    /// Parses each entry as an IPv4 or IPv6 address or CIDR range; throws
    /// ``TrustedProxyError/invalid(_:)`` naming the first that is neither.
    public init(_ entries: [String]) throws(TrustedProxyError) {
        ranges = try entries.map { entry throws(TrustedProxyError) in
            guard let range = AddressRange(entry) else { throw TrustedProxyError.invalid(entry) }
            return range
        }
    }

    /// Whether no proxy is trusted (every client is its connection's peer).
    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether `address` (an IP address as text) is a trusted proxy's.
    public func contains(_ address: String) -> Bool {
        guard let bytes = IPAddressBytes(address) else { return false }
        return contains(bytes)
    }

    private func contains(_ address: IPAddressBytes) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client's address for a request from `peer` with these `X-Forwarded-For` field
    /// values (each a comma-separated list, oldest hop first): `peer` itself unless it is
    /// trusted; else, from the right, the first entry that is not a trusted proxy. An entry may
    /// carry a port (`192.0.2.1:4711`, `[2001:db8::1]:4711`), as some proxies write it. An entry
    /// that is no IP address (`unknown`, garbage) ends the search: the client is then the nearest
    /// address known, the trusted hop that wrote it. Addresses come back in canonical form
    /// (`::ffff:192.0.2.1` as `192.0.2.1`, IPv6 lower-case and shortened), the peer's too, so
    /// one client is counted under one key however it arrives; a peer that is no IP address
    /// (`unknown`) comes back as it is.
    public func client(peer: String, forwardedFor fields: [String]) -> String {
        guard var nearest = IPAddressBytes(peer) else { return peer }
        guard contains(nearest) else { return nearest.description }
        let hops = fields.flatMap { $0.split(separator: ",") }
        for hop in hops.reversed() {
            guard let address = IPAddressBytes(hop: AuthenticationMiddleware.trimmed(hop)) else { break }
            nearest = address
            if !contains(address) { break }
        }
        return nearest.description
    }
}

/// Why a `--trusted-proxy` entry cannot be used.
public enum TrustedProxyError: WellnessError, Equatable, CustomStringConvertible {
    /// Neither an IP address nor a CIDR range (`address/prefix length`).
    case invalid(String)

    public enum Code: String, CaseIterable, Sendable { case invalid }

    public static let family = "trustedProxy"

    public var code: Code { .invalid }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .invalid(let entry): [.verbatim(entry)]
        }
    }

    /// The message in English, for logs.
    public var description: String {
        switch self {
        case .invalid(let entry): "\"\(entry)\" is not an IP address or CIDR range (10.0.0.2, fd00::/120)"
        }
    }
}

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address; an IPv4-mapped IPv6 address is its IPv4 one.
struct IPAddressBytes: Hashable, Sendable, CustomStringConvertible {
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    init?<Text: StringProtocol>(_ text: Text) {
        var v4 = in_addr()
        var v6 = in6_addr()
        let string = String(text)
        // inet_pton reads a C string: a NUL would end the text early.
        guard !string.utf8.contains(0) else { return nil }
        if inet_pton(AF_INET, string, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, string, &v6) == 1 {
            let all = withUnsafeBytes(of: &v6) { Array($0) }
            let mapped = all.prefix(10).allSatisfy { $0 == 0 } && all[10] == 0xFF && all[11] == 0xFF
            bytes = mapped ? Array(all.suffix(4)) : all
        } else {
            return nil
        }
    }

    /// An `X-Forwarded-For` entry: an address, an IPv4 address with a port (`192.0.2.1:4711`),
    /// or a bracketed IPv6 address with or without one (`[2001:db8::1]:4711`).
    init?(hop: String) {
        var text = Substring(hop)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), Self.isPort(text[text.index(after: close)...]) else { return nil }
            text = text[text.index(after: text.startIndex)..<close]
        } else if let colon = text.firstIndex(of: ":"), text.lastIndex(of: ":") == colon {
            guard Self.isPort(text[colon...]) else { return nil }
            text = text[..<colon]
        }
        self.init(text)
    }

    /// Nothing, or `:` and 1 to 5 digits.
    private static func isPort(_ text: Substring) -> Bool {
        guard let colon = text.first else { return true }
        let digits = text.dropFirst()
        return colon == ":" && (1...5).contains(digits.count) && isDigits(digits)
    }

    /// Whether `text` is one or more ASCII digits (no sign, no space).
    static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The canonical text (`inet_ntop`'s).
    var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { source in
            inet_ntop(family, source.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// An address and a prefix length: the addresses whose first `length` bits are its.
struct AddressRange: Hashable, Sendable {
    let address: IPAddressBytes
    let length: Int

    /// `address` (every bit counts) or `address/length`; `nil` for anything else, and for a
    /// length past the address's bits.
    init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddressBytes(parts[0]) else { return nil }
        // A mapped IPv6 range counts in IPv4 bits, as its addresses do.
        let mappedBits = parts[0].contains(":") && address.bytes.count == 4 ? 96 : 0
        let bits = address.bytes.count * 8
        if parts.count == 2 {
            guard IPAddressBytes.isDigits(parts[1]), let length = Int(parts[1]),
                  (mappedBits...(bits + mappedBits)).contains(length) else { return nil }
            self.length = length - mappedBits
        } else {
            self.length = bits
        }
        self.address = address
    }

    func contains(_ other: IPAddressBytes) -> Bool {
        guard other.bytes.count == address.bytes.count else { return false }
        var remaining = length
        for (mine, theirs) in zip(address.bytes, other.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard mine & mask == theirs & mask else { return false }
            remaining -= 8
        }
        return true
    }
}

/// Who the login back-off counts a request under: its client's address (``TrustedProxies/client(peer:forwardedFor:)``),
/// an IPv6 one by its /64. A /64 is one host's or one household's network, and a host's
/// addresses in it change daily (privacy extensions) or at will: per address, one host could
/// spread its guesses over countless keys, and an owner would lose being *known* each day.
enum LoginClientKey {
    static func of(peer: String, forwardedFor fields: [String], trusting proxies: TrustedProxies) -> String {
        let address = proxies.client(peer: peer, forwardedFor: fields)
        guard let parsed = IPAddressBytes(address), parsed.bytes.count == 16 else { return address }
        return IPAddressBytes(bytes: Array(parsed.bytes.prefix(8)) + Array(repeating: 0, count: 8)).description + "/64"
    }
}
