import Foundation
import HTTPTypes
import Hummingbird
import WellnessApplication
import WellnessDomain
import WellnessWire

/// Sync: a device pushes the records it changed (`POST /api/sync/push`, a `SyncPush` of up to
/// ``maxPushRecords`` records, its body up to ``ServerConfiguration/maxSyncBatchBytes``, or
/// ``ServerConfiguration/maxSyncBodyBytes`` for one record alone) and pulls
/// what changed after its cursor (`GET /api/sync/pull`, a `SyncPage` of up to
/// `ServeSync.maximumPage`). Both count the records they carry against
/// ``ServerConfiguration/syncRateLimit`` instead of the requests' limit, and both may name the
/// device's time zone, which the account then keeps, as a login's.
extension APIServer {
    /// The most records one push holds.
    public static let maxPushRecords = 5000
    /// The longest collection name and record key taken, in bytes of UTF-8.
    static let maxSyncNameBytes = 255
    static let maxSyncKeyBytes = 1024

    func addSyncRoutes(to api: RouterGroup<APIRequestContext>) {
        api.on(Wire.Route.syncPush) { request, context in
            let account = try context.requireAccount()
            let batch = try await Self.readPush(request, limit: configuration.maxSyncBodyBytes,
                                                batchLimit: configuration.maxSyncBatchBytes)
            try await spend(batch.records.count, context)
            // The zone is kept once the push is taken: a refused push changes nothing.
            let sync = try await serveSync(account, timeZone: batch.timeZone, keeping: false)
            do {
                let answer = try await sync.push(batch)
                _ = try await serveSync(account, timeZone: batch.timeZone)
                return try Self.json(answer)
            } catch let error as SyncError {
                guard case let .refused(collection, key, why) = error else { throw error }
                var refusal = APIError(.unprocessableContent, .syncRefused,
                                       "the \(collection.rawValue) record \"\(key)\" was refused: \(describe(error))")
                refusal.record = .init(collection: collection.rawValue, key: key, reason: describe(why))
                throw refusal
            }
        }

        api.on(Wire.Route.syncPull) { request, context in
            let account = try context.requireAccount()
            let query = request.uri.queryParameters
            let after = try Self.queryNumber(query.get("after"), named: "after", in: 0...Int64.max, default: 0)
            let limit = try Self.queryNumber(query.get("limit"), named: "limit", in: 1...Int64(ServeSync.maximumPage),
                                             default: Int64(ServeSync.maximumPage))
            let timeZone = query.get("timeZone")
            try await spend(0, context)
            let page = try await serveSync(account, timeZone: timeZone).pull(after: after, limit: Int(limit))
            if let token = context.token { await syncLimiter.charge(token, cost: page.records.count) }
            return try Self.json(page)
        }
    }

    /// Counts `records` against the token's budget of synced records: 429 with `Retry-After`
    /// once it is spent (a pull asks with 0 and is charged its page after).
    private func spend(_ records: Int, _ context: APIRequestContext) async throws {
        if let token = context.token, let wait = await syncLimiter.admit(token, cost: records) {
            throw APIError.rateLimited(retryAfter: wait)
        }
    }

    /// The account's sync, once the time zone a device named (if any) is checked (400 naming
    /// `timeZone`) and, unless `keeping` is false, kept as the account's; 503 when its store
    /// keeps no sync log.
    private func serveSync(_ account: Account, timeZone: String?, keeping: Bool = true) async throws -> ServeSync {
        if let timeZone {
            do {
                if keeping, let note = sessions.noteTimeZone {
                    try await note.execute(timeZone, of: account)
                } else {
                    try AccountTimeZone.check(timeZone)
                }
            } catch let error as AccountError {
                throw APIError.validation("\"timeZone\": " + describe(error))
            }
        }
        guard let sync = try await workspace(account).sync else {
            throw APIError(.serviceUnavailable, .serviceUnavailable,
                           "this server's store keeps no record of what was synced, so it cannot sync")
        }
        return sync
    }

    /// The push in the body, each refusal a 400 naming its field: no NUL in any string, a valid
    /// idempotency key, 1 to ``maxPushRecords`` records, each with a collection and a key of
    /// plain text and a life of at least 1. A body over `limit` bytes is 413, and so is one of
    /// more than one record over `batchLimit`.
    static func readPush(_ request: Request, limit: Int, batchLimit: Int) async throws -> SyncPush {
        let body = try await JSONObject.read(request, limit: limit)
        if let path = JSONObject.firstNUL(in: .object(body.fields.values), at: []) {
            throw APIError.nul(path.joined(separator: "."))
        }
        let decoded: SyncPush
        do {
            decoded = try JSONDecoder().decode(SyncPush.self, from: body.data)
        } catch let error as DecodingError {
            throw APIError.validation(Self.describe(error))
        }
        // Each record through its initializer, as a device makes it: a deleted one (an even
        // life) holds no values (the decoder's own form would keep them, and the store refuses
        // such a row when it is read back).
        let batch = SyncPush(key: decoded.key, timeZone: decoded.timeZone, records: decoded.records.map {
            SyncRecord(collection: $0.collection, key: $0.key, life: $0.life, lifeStamp: $0.lifeStamp, values: $0.values)
        })
        guard IdempotencyRecord.isValidKey(batch.key) else {
            throw APIError.validation("\"key\" must be 1–255 visible ASCII characters (a UUID)")
        }
        guard (1...maxPushRecords).contains(batch.records.count) else {
            throw APIError.validation("\"records\" must hold 1 to \(maxPushRecords) records")
        }
        guard batch.records.count == 1 || body.data.count <= batchLimit else {
            throw APIError(.contentTooLarge, .payloadTooLarge,
                           "a push of \(batch.records.count) records is larger than \(batchLimit) bytes; "
                               + "only a push of one record may be up to \(limit)")
        }
        for (index, record) in batch.records.enumerated() {
            let field = "records[\(index)]"
            if let problem = Self.nameProblem(record.collection.rawValue, maxBytes: maxSyncNameBytes) {
                throw APIError.validation("\"\(field).collection\" \(problem)")
            }
            if let problem = Self.nameProblem(record.key, maxBytes: maxSyncKeyBytes) {
                throw APIError.validation("\"\(field).key\" \(problem)")
            }
            guard record.life >= 1, record.life <= UInt64(Int64.max) else {
                throw APIError.validation("\"\(field).life\" must be a whole number from 1 to \(Int64.max)")
            }
        }
        return batch
    }

    /// Why `text` cannot name a collection or a record (empty, too long, a control character);
    /// `nil` when it can.
    static func nameProblem(_ text: String, maxBytes: Int) -> String? {
        if text.isEmpty { return "must not be empty" }
        if text.utf8.count > maxBytes { return "must be at most \(maxBytes) bytes" }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "must not contain control characters"
        }
        return nil
    }

    /// A decoding failure as a 400's message, naming the field by its path.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce("") { path, key in
                if let index = key.intValue { return path + "[\(index)]" }
                return path.isEmpty ? key.stringValue : path + "." + key.stringValue
            }
        }
        switch error {
        case let .keyNotFound(key, context):
            return "\"\(path(context.codingPath + [key]))\" is required"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "\"\(path(context.codingPath))\" has the wrong type"
        case let .dataCorrupted(context):
            let field = path(context.codingPath)
            return field.isEmpty ? "the request body is not a sync push"
                : "\"\(field)\" is not valid (a stamp is `<milliseconds>.<counter>.<device>`)"
        @unknown default:
            return "the request body is not a sync push"
        }
    }

    /// A whole-number query parameter in `range` (`value` when absent); else 400 naming it.
    static func queryNumber(_ text: String?, named name: String, in range: ClosedRange<Int64>, default value: Int64) throws
        -> Int64 {
        guard let text else { return value }
        guard let number = Int64(text), range.contains(number) else {
            throw APIError.validation("\"\(name)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
