import Foundation
import HTTPTypes
import Hummingbird
import WellnessApplication
import WellnessDomain
import WellnessWire

/// Check-ins: sending one (`POST`), replacing a day's (`PUT`), both with an idempotency key,
/// and reading today's.
extension APIServer {
    func addCheckinRoutes(to api: RouterGroup<APIRequestContext>) {
        api.on(Wire.Route.submitCheckin) { request, context in try await submit(request, context, replacing: nil) }

        api.on(Wire.Route.replaceCheckin) { request, context in
            guard let text = context.parameters.get("date"), let day = LocalDay(text) else {
                throw APIError.validation("the path's date must be a real date YYYY-MM-DD")
            }
            return try await submit(request, context, replacing: day)
        }

        api.on(Wire.Route.todayCheckin) { _, context in
            let workspace = try await workspace(try context.requireAccount())
            // Today in the account's time zone: where its person's day begins.
            let today = workspace.time.today()
            return try Self.json(Wire.TodayResponse(date: today,
                                                    checkin: try await workspace.listCheckins.execute(days: 1).first))
        }
    }

    /// A check-in with its idempotency key: created (`POST`, 201) or replacing the day's
    /// (`PUT`, 200); the first answer for a key is the answer to every replay of it.
    private func submit(_ request: Request, _ context: APIRequestContext, replacing day: LocalDay?) async throws -> Response {
        let account = try context.requireAccount()
        let key = request.headers[HTTPField.Name(Wire.idempotencyKeyHeader)!] ?? ""
        guard IdempotencyRecord.isValidKey(key) else {
            throw APIError.validation("the \(Wire.idempotencyKeyHeader) header is required: 1–255 visible ASCII characters (a UUID)")
        }
        var fields = try await JSONObject.read(request, limit: configuration.maxBodyBytes).fields
        if let day {
            // The day is the path's; a body may repeat it, never contradict it.
            let date = Wire.CheckinBody.CodingKeys.date
            if let text = try APIError.readingFields({ try fields.optionalText(date) }), text != day.description {
                throw APIError.validation("\"\(date.stringValue)\" must be the path's date \(day) or left out")
            }
            fields.set(date, to: .string(day.description))
        }
        let workspace = try await workspace(account)
        let checkin = try validatedCheckin(in: fields, for: account, time: workspace.time)
        let submit = workspace.submitCheckin
        let answer: (record: IdempotencyRecord, replayed: Bool)
        let replacing = day != nil
        let write: @Sendable () async throws -> (record: IdempotencyRecord, replayed: Bool) = {
            try await submit.execute(checkin, key: key, replacing: replacing)
        }
        do {
            // Devices that sync receive what this route wrote, taken note of before a push is merged over it.
            answer = if let sync = workspace.sync { try await sync.writing(write) } else { try await write() }
        } catch SubmissionError.keyReused {
            throw APIError(.unprocessableContent, .idempotencyKeyReused,
                           "this \(Wire.idempotencyKeyHeader) was already used for a different check-in")
        }
        var headers: HTTPFields = [:]
        if answer.replayed { headers[HTTPField.Name("Idempotent-Replayed")!] = "true" }
        switch answer.record.outcome {
        case .created:
            return try Self.json(Wire.CheckinBody(answer.record.checkin), status: day == nil ? .created : .ok,
                                 headers: headers)
        case .duplicate:
            var error = APIError.duplicateCheckin(checkin.day)
            error.headers = headers
            throw error
        }
    }

    /// The ``Wire/CheckinBody`` in `fields` as a validated check-in, each refusal naming its
    /// field; its date may not be after today in the account's time zone (`time`), or, while
    /// the account's zone is not known, after now's date in any time zone.
    private func validatedCheckin(in fields: Wire.Fields, for account: Account, time: TimeContext) throws -> Checkin {
        let today = account.timeZone == nil ? CivilTime.newestDay(at: time.now()) : time.today()
        typealias Field = Wire.CheckinBody.CodingKeys
        let body = try APIError.readingFields {
            try Wire.CheckinBody(fields: fields) { day in
                do {
                    try CivilTime.checkRecordable(day, today: today)
                } catch {
                    throw APIError.validation("\"\(Field.date.stringValue)\": \(describe(error))")
                }
            }
        }
        do {
            return try body.checkin()
        } catch .keyContactTooLong {
            throw APIError.validation("\"\(Field.keyContact.stringValue)\" must be at most \(Checkin.maxKeyContactLength) characters")
        } catch .controlCharacter(let error) {
            throw APIError.validation("\"\(Field.keyContact.stringValue)\": \(describe(error))")
        } catch {
            throw APIError.validation(describe(error))
        }
    }
}
