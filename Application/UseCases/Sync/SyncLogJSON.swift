import Foundation

/// Sync's own state kept as JSON in a named value of the log (the records set aside, a server's
/// push answers, the note of a receive under way): one way to write and read it back.
enum SyncLogJSON {
    /// `value` as JSON text, its keys sorted (so one state is always one text).
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The value named `name` of `log` read as `T`; `nil` when it is not set, or not such JSON
    /// (what a later version may have kept there differently is then started afresh).
    static func read<T: Decodable>(_ type: T.Type, named name: String, in log: any SyncLogRepository) async throws -> T? {
        guard let text = try await log.value(name) else { return nil }
        return decode(type, from: text)
    }

    /// `text` read as `T`; `nil` when it is not such JSON.
    static func decode<T: Decodable>(_ type: T.Type, from text: String) -> T? {
        try? JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
