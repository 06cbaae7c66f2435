import Foundation
import Logging
import WellnessComposition

/// How log lines are written: `text` like swift-log's `StreamLogHandler`, or `json`, one object
/// per line, for log collectors (`wellness serve --log-format`).
enum LogFormat: String, CaseIterable, Sendable {
    case text, json

    /// `text` or `json`, or the error naming the option and what it takes.
    @Sendable static func parse(_ text: String) throws -> LogFormat {
        guard let format = LogFormat(rawValue: text.lowercased()) else {
            throw CLIError.invalidValue(source: "--log-format", value: text, expected: LocalizedText("cli.expected.logFormat"))
        }
        return format
    }
}

/// Log lines on a run's standard error, formatted like swift-log's `StreamLogHandler`
/// (`<time> <level> <label> : [metadata] <message>`), or as JSON lines (``LogFormat/json``). It
/// keeps metadata, which Hummingbird reads back (the request id).
struct CLILogHandler: LogHandler {
    let label: String
    let output: CLIOutput
    var format: LogFormat
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, output: CLIOutput, format: LogFormat = .text) {
        self.label = label
        self.output = output
        self.format = format
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        switch format {
        case .text:
            let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            let time = ISO8601DateFormatter().string(from: Date())
            output.write("\(time) \(event.level) \(label) :\(fields.isEmpty ? "" : " " + fields) \(event.message)\n")
        case .json:
            output.write(Self.jsonLine(time: Date(), level: event.level, label: label, message: "\(event.message)",
                                       metadata: merged))
        }
    }

    // MARK: - JSON lines

    /// The request log's metadata keys (see `RecordRequestsMiddleware`) by the names a JSON line
    /// gives them, and whether the value is a number.
    static let jsonFields: [String: (name: String, isNumber: Bool)] = [
        "hb.request.id": ("requestId", false), "http.method": ("method", false), "http.route": ("route", false),
        "http.status": ("status", true), "duration_ms": ("durationMs", true),
    ]

    /// One JSON object and a line feed: `time` (ISO 8601 in UTC with milliseconds), `level`,
    /// `label` and `message` first, then the metadata sorted by name (the request log's as
    /// `requestId`, `method`, `route`, `status` and `durationMs`, the last two as numbers).
    static func jsonLine(time: Date, level: Logger.Level, label: String, message: String,
                         metadata: Logger.Metadata) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var line = "{\"time\":\(quoted(formatter.string(from: time))),\"level\":\(quoted(level.rawValue))"
            + ",\"label\":\(quoted(label)),\"message\":\(quoted(message))"
        let fields = metadata.map { key, value in
            let field = jsonFields[key]
            let text = "\(value)"
            // A number only as JSON writes one (digits, a sign, a point), never Swift's `nan` or `0x1p3`.
            let isNumber = field?.isNumber == true && Double(text) != nil
                && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
            let number = isNumber ? text : nil
            return (name: field?.name ?? key, value: number ?? quoted(text))
        }
        for field in fields.sorted(by: { $0.name < $1.name }) where !["time", "level", "label", "message"].contains(field.name) {
            line += ",\(quoted(field.name)):\(field.value)"
        }
        return line + "}\n"
    }

    /// `text` as a JSON string: quotes, backslashes and every control character escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
