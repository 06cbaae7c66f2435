import Foundation
import Logging

/// Log lines on a run's standard error, formatted like swift-log's `StreamLogHandler`
/// (`<time> <level> <label> : [metadata] <message>`). It keeps metadata, which Hummingbird
/// reads back (the request id).
struct CLILogHandler: LogHandler {
    let label: String
    let output: CLIOutput
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, output: CLIOutput) {
        self.label = label
        self.output = output
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let time = ISO8601DateFormatter().string(from: Date())
        output.write("\(time) \(event.level) \(label) :\(fields.isEmpty ? "" : " " + fields) \(event.message)\n")
    }
}
