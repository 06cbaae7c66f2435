import Foundation
import WellnessDomain

/// Writes JSON byte for byte as ``Wire/encoder`` does (sorted keys, no spaces, `/` escaped,
/// numbers without a trailing `.0`), for the answers a server sends most, where the `Codable`
/// path costs more than the rest of the request. Whatever it is not sure to write the same way
/// (text with characters to escape or outside printable ASCII, a number with an exponent), it
/// hands to ``Wire/encoder``. Tests hold both paths to the same bytes.
struct WireJSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// JSON's own punctuation and key names, written as they are.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `"key":`; the caller writes keys in sorted order.
    mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    mutating func string(_ text: String) throws {
        let plain = text.utf8.allSatisfy { byte in
            (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                && byte != UInt8(ascii: "/")
        }
        guard plain else { return try encoded(text) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func number(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A finite number, or `null` for `nil`.
    mutating func number(_ value: Double?) throws {
        guard let value else { return raw("null") }
        let text = value.description
        // Bytes, not `contains("e")`: with Foundation imported that is `NSString`'s search.
        guard value.isFinite, !text.utf8.contains(UInt8(ascii: "e")) else { return try encoded(value) }
        bytes.append(contentsOf: (text.hasSuffix(".0") ? text.dropLast(2) : Substring(text)).utf8)
    }

    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    mutating func array<Element>(_ elements: [Element], _ write: (inout WireJSONWriter, Element) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            try write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// What ``Wire/encoder`` writes for `value` alone, or its error (a number that is not finite).
    private mutating func encoded(_ value: some Encodable) throws {
        bytes.append(contentsOf: try Wire.encoder.encode(value))
    }
}

extension Wire.InsightsResponse {
    /// The answer's JSON, the same bytes as `Wire.encoder.encode(self)` (or its error), written
    /// directly.
    public func json() throws -> [UInt8] {
        var json = WireJSONWriter(capacity: 512)
        json.raw("{")
        json.key("days")
        json.number(insights.days)
        json.raw(",")
        json.key("highlights")
        try json.array(insights.highlights) { try $0.string($1.text) }
        if let locked = insights.locked {
            json.raw(",")
            json.key("locked")
            json.raw("{")
            json.key("feature")
            try json.string(locked.feature.rawValue)
            json.raw("}")
        }
        json.raw(",")
        json.key("requestId")
        try json.string(requestId)
        json.raw(",")
        json.key("suggestions")
        try json.array(insights.suggestions) { try $0.string($1.text) }
        json.raw(",")
        json.key("summary")
        let summary = insights.summary
        json.raw("{")
        json.key("alertCount")
        json.number(summary.alertCount)
        json.raw(",")
        json.key("averages")
        json.raw("{")
        let averages = summary.averages
        let byKey: [(StaticString, Double?)] = [("driftIndex", averages.driftIndex), ("energy", averages.energy),
                                               ("social", averages.social), ("stress", averages.stress)]
        for (index, (key, value)) in byKey.enumerated() {
            if index > 0 { json.raw(",") }
            json.key(key)
            try json.number(value)
        }
        json.raw("},")
        json.key("checkinCount")
        json.number(summary.checkinCount)
        json.raw(",")
        json.key("driftLevel")
        if let level = summary.driftLevel { try json.string(level.rawValue) } else { json.raw("null") }
        json.raw(",")
        json.key("hasEnoughData")
        json.bool(summary.hasEnoughData)
        json.raw("},")
        json.key("timestamp")
        try json.string(Timestamp.format(timestamp))
        json.raw(",")
        json.key("weekEnd")
        try json.string(insights.weekEnd.description)
        json.raw(",")
        json.key("weekStart")
        try json.string(insights.weekStart.description)
        json.raw("}")
        return json.bytes
    }
}
