import Foundation
import WellnessApplication
import WellnessDomain

/// The JSON the Wellness server and its clients exchange (see `docs/openapi.json`): one set of
/// types, so the two sides cannot drift apart. Instants are ISO 8601 strings in UTC with
/// milliseconds; days are `YYYY-MM-DD`.
public enum Wire {
    /// A new encoder for the API's JSON: keys sorted, instants as ISO 8601 in UTC with milliseconds.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .timestamp
        return encoder
    }

    /// A new decoder for the API's JSON: an instant that is not an ISO 8601 date-time is a decoding error.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .timestamp
        return decoder
    }

    /// The header carrying a submission's idempotency key.
    public static let idempotencyKeyHeader = "Idempotency-Key"

    // MARK: - Errors

    /// `{"error": {"code", "message"}}`.
    public struct ErrorBody: Codable, Sendable, Equatable {
        /// The inner object: `{code, message}`, and what a sync push's refused record is.
        public struct Detail: Codable, Sendable, Equatable {
            /// `code`: what went wrong, for programs (`VALIDATION_ERROR`, `UNAUTHORIZED`, …).
            public let code: String
            /// `message`: what went wrong, in words.
            public let message: String
            /// `record`: the record a sync push's server refused (`SYNC_REFUSED`), for the
            /// device to set it aside; absent otherwise.
            public let record: RefusedRecord?
            /// An error's code and message, and the refused record if any.
            public init(code: String, message: String, record: RefusedRecord? = nil) {
                self.code = code
                self.message = message
                self.record = record
            }
        }

        /// `{collection, key, reason}`: a record a sync push's server refused, and why.
        public struct RefusedRecord: Codable, Sendable, Equatable {
            public let collection: String
            public let key: String
            /// Why, in words (the message says it too, with the record's name).
            public let reason: String

            public init(collection: String, key: String, reason: String) {
                self.collection = collection
                self.key = key
                self.reason = reason
            }
        }

        /// `error`: the code and the message.
        public let error: Detail
        /// The body of an error with this code and message (and refused record).
        public init(code: String, message: String, record: RefusedRecord? = nil) {
            error = Detail(code: code, message: message, record: record)
        }
    }

    // MARK: - Sessions

    /// `DELETE /api/account`'s body.
    public struct DeleteAccountRequest: Codable, Sendable, Equatable {
        /// `password`: the account's password, to confirm the deletion.
        public let password: String

        enum CodingKeys: String, CodingKey { case password }

        /// A request confirming the deletion with `password`.
        public init(password: String) {
            self.password = password
        }
    }

    /// `POST /api/auth/password`'s body: `{currentPassword, newPassword}`.
    public struct ChangePasswordRequest: Codable, Sendable, Equatable {
        /// `currentPassword`: the account's password now, to confirm the change.
        public let currentPassword: String
        /// `newPassword`: the password from now on (the rules of a new account's).
        public let newPassword: String

        enum CodingKeys: String, CodingKey { case currentPassword, newPassword }

        /// A change from `currentPassword` to `newPassword`.
        public init(currentPassword: String, newPassword: String) {
            self.currentPassword = currentPassword
            self.newPassword = newPassword
        }
    }

    /// `POST /api/auth/login`'s body: `{email, password, timeZone?}`.
    public struct LoginRequest: Codable, Sendable, Equatable {
        /// `email`: the account's email address.
        public let email: String
        /// `password`: the account's password.
        public let password: String
        /// `timeZone`: the IANA name of the client's time zone (`Europe/Amsterdam`), where the
        /// person's days begin; the server keeps it as the account's. Optional.
        public let timeZone: String?

        enum CodingKeys: String, CodingKey { case email, password, timeZone }

        /// A login with this email address and password, from a client in `timeZone`.
        public init(email: String, password: String, timeZone: String? = nil) {
            self.email = email
            self.password = password
            self.timeZone = timeZone
        }
    }

    /// `POST /api/auth/login`'s answer: `{accessToken, expiresAt}`.
    public struct LoginResponse: Codable, Sendable, Equatable {
        /// `accessToken`: the bearer token for the requests that follow.
        public let accessToken: String
        /// `expiresAt`: when the token stops being accepted.
        public let expiresAt: Date
        /// An answer with this token and its expiry.
        public init(accessToken: String, expiresAt: Date) {
            self.accessToken = accessToken
            self.expiresAt = expiresAt
        }
    }

    /// `GET /api/auth/session`'s answer: `{account: {id, email}, tier, expiresAt}`.
    public struct SessionResponse: Codable, Sendable, Equatable {
        /// The session's account: `{id, email}`.
        public struct AccountBody: Codable, Sendable, Equatable {
            /// `id`: the account's id.
            public let id: String
            /// `email`: the account's email address.
            public let email: String
        }
        /// `account`: whose session it is.
        public let account: AccountBody
        /// `tier`: the account's tier, `free` or `pro`.
        public let tier: Tier
        /// `expiresAt`: when the session's token stops being accepted.
        public let expiresAt: Date

        /// The answer describing `info`.
        public init(info: SessionInfo) {
            account = AccountBody(id: info.accountID, email: info.email)
            tier = info.tier
            expiresAt = info.expiresAt
        }

        /// The answer as a `SessionInfo`.
        public var info: SessionInfo {
            SessionInfo(accountID: account.id, email: account.email, tier: tier, expiresAt: expiresAt)
        }
    }

    // MARK: - Check-ins

    /// `{date, energy, stress, social, key_contact}` (the request's shape, also answered).
    public struct CheckinBody: Codable, Sendable, Equatable {
        /// `date`: the day the check-in is for.
        public let date: LocalDay
        /// `energy`: 1 (drained) to 5 (energised).
        public let energy: Int
        /// `stress`: 1 (calm) to 5 (very stressed).
        public let stress: Int
        /// `social`: 1 (isolated) to 5 (well connected).
        public let social: Int
        /// `key_contact`: the person who mattered most that day; `null` for none.
        public let keyContact: String?

        /// The fields' JSON names.
        public enum CodingKeys: String, CodingKey {
            case date, energy, stress, social
            case keyContact = "key_contact"
        }

        /// The body of `checkin`.
        public init(_ checkin: Checkin) {
            date = checkin.day
            energy = checkin.energy
            stress = checkin.stress
            social = checkin.social
            keyContact = checkin.keyContact
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(energy, forKey: .energy)
            try container.encode(stress, forKey: .stress)
            try container.encode(social, forKey: .social)
            try container.encode(keyContact, forKey: .keyContact)
        }

        /// The check-in, validated as `Checkin`'s initialiser does; throws its error for a value it refuses.
        public func checkin() throws(CheckinError) -> Checkin {
            try Checkin(day: date, energy: energy, stress: stress, social: social, keyContact: keyContact)
        }
    }

    /// `GET /api/checkins/today`: `{date, checkin}` (`checkin` null when there is none yet).
    public struct TodayResponse: Codable, Sendable, Equatable {
        /// `date`: the server's today.
        public let date: LocalDay
        /// `checkin`: that day's check-in; `null` when there is none yet.
        public let checkin: CheckinBody?

        /// The answer for `date` and its check-in, if any.
        public init(date: LocalDay, checkin: Checkin?) {
            self.date = date
            self.checkin = checkin.map(CheckinBody.init)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(checkin, forKey: .checkin)
        }
    }

    /// `GET /api/trends`: `{days, points}`.
    public struct TrendsResponse: Codable, Sendable, Equatable {
        /// `days`: the length asked for (7, 30 or 90).
        public let days: Int
        /// `points`: one per day with a check-in, oldest first.
        public let points: [TrendPoint]
        /// The answer for a length of `days`.
        public init(days: Int, points: [TrendPoint]) {
            self.days = days
            self.points = points
        }
    }

    /// `GET /api/insights/weekly`: the seed's `WeeklyInsights` with `requestId` and `timestamp`.
    public struct InsightsResponse: Codable, Sendable, Equatable {
        /// The insights, whose fields are written at the top level of the object.
        public let insights: WeeklyInsights
        /// `requestId`: the request's id, as in its `X-Request-Id` header.
        public let requestId: String
        /// `timestamp`: when the answer was made.
        public let timestamp: Date

        enum CodingKeys: String, CodingKey { case requestId, timestamp }

        /// The answer: `insights`, with the request's id and the time.
        public init(insights: WeeklyInsights, requestId: String, timestamp: Date) {
            self.insights = insights
            self.requestId = requestId
            self.timestamp = timestamp
        }

        public init(from decoder: any Decoder) throws {
            insights = try WeeklyInsights(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            requestId = try container.decode(String.self, forKey: .requestId)
            timestamp = try container.decode(Date.self, forKey: .timestamp)
        }

        public func encode(to encoder: any Encoder) throws {
            try insights.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(requestId, forKey: .requestId)
            try container.encode(timestamp, forKey: .timestamp)
        }
    }

    /// `GET /api/alerts`: `{days, alerts: [{day, driftIndex}]}`.
    public struct AlertsResponse: Codable, Sendable, Equatable {
        /// `days`: how many days back the server looked, today included.
        public let days: Int
        /// `alerts`: `{day, driftIndex}` of each day that drifted high right after a day that also did.
        public let alerts: [DriftAlert]
        /// The answer for the last `days` days.
        public init(days: Int, alerts: [DriftAlert]) {
            self.days = days
            self.alerts = alerts
        }
    }

    // MARK: - Goals and tips (the seed's envelopes)

    /// `{"success": true, "data": …}`.
    public struct Envelope<Payload: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        /// `success`: `true` (a failure is an `ErrorBody` instead).
        public let success: Bool
        /// `data`: the answer's payload.
        public let data: Payload
        /// A successful answer carrying `data`.
        public init(_ data: Payload) {
            success = true
            self.data = data
        }
    }

    /// A goal: `{id, title, description, created_at}`; `id` and `created_at` optional in a
    /// request.
    public struct GoalBody: Codable, Sendable, Equatable {
        /// `id`: the goal's UUID; optional in a request (the server then picks one).
        public let id: String?
        /// `title`: the goal's title.
        public let title: String
        /// `description`: the goal's description; absent when it has none.
        public let description: String?
        /// `created_at`: when the goal was created; optional in a request.
        public let createdAt: Date?

        enum CodingKeys: String, CodingKey {
            case id, title, description
            case createdAt = "created_at"
        }

        /// The body of `goal`.
        public init(_ goal: Goal) {
            id = goal.id.description
            title = goal.title
            description = goal.description
            createdAt = goal.createdAt
        }
    }

    /// `POST /api/v1/goals`' data: `{goal}`.
    public struct GoalData: Codable, Sendable, Equatable {
        /// `goal`: the goal that was created.
        public let goal: GoalBody
        /// The data for `goal`.
        public init(goal: GoalBody) { self.goal = goal }
    }

    /// `GET /api/v1/goals`' data: `{goals, count}`.
    public struct GoalsData: Codable, Sendable, Equatable {
        /// `goals`: the account's goals.
        public let goals: [GoalBody]
        /// `count`: how many goals there are.
        public let count: Int
        /// The data for `goals`, with their count.
        public init(goals: [GoalBody]) {
            self.goals = goals
            count = goals.count
        }
    }

    /// The seed's tips request: the goal and what the client knows of the person.
    public struct TipsRequest: Codable, Sendable, Equatable {
        /// A mood of the context: `{date, score, note}`.
        public struct Mood: Codable, Sendable, Equatable {
            /// `date`: the day of the mood.
            public let date: LocalDay
            /// `score`: the mood, 1 to 5 (checked by `userContext(now:)`).
            public let score: Int
            /// `note`: a note on the mood, if any.
            public let note: String?
        }
        /// A journal of the context: `{date, tags, notes}`.
        public struct Journal: Codable, Sendable, Equatable {
            /// `date`: the journal's day.
            public let date: LocalDay
            /// `tags`: the day's tags.
            public let tags: [String]
            /// `notes`: the day's notes, if any.
            public let notes: String?
        }
        /// `context`: `{mood_entries, journal_entries, existing_goals}`.
        public struct Context: Codable, Sendable, Equatable {
            /// `mood_entries`: the person's recent moods.
            public let moodEntries: [Mood]
            /// `journal_entries`: the person's recent journals.
            public let journalEntries: [Journal]
            /// `existing_goals`: the person's other goals.
            public let existingGoals: [GoalBody]

            enum CodingKeys: String, CodingKey {
                case moodEntries = "mood_entries"
                case journalEntries = "journal_entries"
                case existingGoals = "existing_goals"
            }
        }

        /// `goal_title`: the goal's title.
        public let goalTitle: String
        /// `goal_description`: the goal's description, if any.
        public let goalDescription: String?
        /// `context`: what the client knows of the person; when absent or `null`, the server gathers it from
        /// what it stores.
        public let context: Context?
        /// The language the tips should be in (`en`, `nl`); the server's default when absent.
        public let language: String?

        enum CodingKeys: String, CodingKey {
            case goalTitle = "goal_title"
            case goalDescription = "goal_description"
            case context, language
        }

        /// The request for `goal` with what the client knows (`context`), asking for tips in `language`
        /// (`nil`: the server's default).
        public init(goal: Goal, context: UserContext, language: String? = nil) {
            goalTitle = goal.title
            goalDescription = goal.description
            self.language = language
            self.context = Context(
                moodEntries: context.moods.map { Mood(date: $0.day, score: $0.score, note: $0.note) },
                journalEntries: context.journals.map { Journal(date: $0.day, tags: $0.tags, notes: $0.notes) },
                existingGoals: context.otherGoals.map(GoalBody.init))
        }

        /// The context as the domain's, validated (a mood outside 1–5 is refused); goals
        /// without an id or creation time get fresh ones.
        public func userContext(now: Date) throws -> UserContext? {
            guard let context else { return nil }
            return UserContext(
                moods: try context.moodEntries.map { try MoodEntry(day: $0.date, score: $0.score, note: $0.note) },
                journals: context.journalEntries.map { DailyJournal(day: $0.date, notes: $0.notes, tags: $0.tags) },
                otherGoals: context.existingGoals.map {
                    Goal(storedID: Goal.ID($0.id.flatMap(UUID.init(uuidString:)) ?? UUID()), title: $0.title,
                         description: $0.description, createdAt: $0.createdAt ?? now)
                },
                language: language)
        }
    }

    /// The seed's tips answer: `{tips, goal_id, goal_title, count}`, plus `source` (`ai` or
    /// `rules`; absent from servers older than it).
    public struct TipsData: Codable, Sendable, Equatable {
        /// `tips`: the tips, each `{id, tip, category, priority}`.
        public let tips: [GoalTip]
        /// `goal_id`: the goal's UUID.
        public let goalId: String
        /// `goal_title`: the goal's title.
        public let goalTitle: String
        /// `count`: how many tips there are.
        public let count: Int
        /// `source`: whether the server's AI service (`ai`) or its rules (`rules`) made the tips; `nil` from
        /// an older server.
        public let source: TipSource?

        enum CodingKeys: String, CodingKey {
            case tips, count, source
            case goalId = "goal_id"
            case goalTitle = "goal_title"
        }

        /// The answer for `goal`.
        public init(goal: Goal, answer: TipsAnswer) {
            tips = answer.tips
            goalId = goal.id.description
            goalTitle = goal.title
            count = answer.tips.count
            source = answer.source
        }
    }
}

extension Wire {
    /// A JSON value decoded without coercion (a number is never a Bool, `"3"` never a number),
    /// so a body can be checked field by field and every refusal names the field.
    public enum JSONValue: Decodable, Equatable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([String: JSONValue])

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSONValue].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        /// The member `key` of an object; `nil` when it is missing or this is no object.
        public subscript(key: String) -> JSONValue? { object?[key] }

        /// The members, when this is an object.
        public var object: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }
        /// The elements, when this is an array.
        public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
        /// The text, when this is a string.
        public var string: String? { if case .string(let value) = self { value } else { nil } }
        /// The number, when this is one.
        public var number: Double? { if case .number(let value) = self { value } else { nil } }
        /// The value, when this is a Bool.
        public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    }
}
