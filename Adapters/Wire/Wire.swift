import Foundation
import WellnessApplication
import WellnessDomain

/// The JSON the Wellness server and its clients exchange (see `docs/openapi.json`): one set of
/// types, so the two sides cannot drift apart. Instants are ISO 8601 strings in UTC with
/// milliseconds; days are `YYYY-MM-DD`.
public enum Wire {
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .timestamp
        return encoder
    }

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
        public struct Detail: Codable, Sendable, Equatable {
            public let code: String
            public let message: String
            public init(code: String, message: String) {
                self.code = code
                self.message = message
            }
        }
        public let error: Detail
        public init(code: String, message: String) { error = Detail(code: code, message: message) }
    }

    // MARK: - Sessions

    /// `DELETE /api/account`'s body.
    public struct DeleteAccountRequest: Codable, Sendable, Equatable {
        public let password: String

        public init(password: String) {
            self.password = password
        }
    }

    public struct LoginRequest: Codable, Sendable, Equatable {
        public let email: String
        public let password: String
        public init(email: String, password: String) {
            self.email = email
            self.password = password
        }
    }

    public struct LoginResponse: Codable, Sendable, Equatable {
        public let accessToken: String
        public let expiresAt: Date
        public init(accessToken: String, expiresAt: Date) {
            self.accessToken = accessToken
            self.expiresAt = expiresAt
        }
    }

    public struct SessionResponse: Codable, Sendable, Equatable {
        public struct AccountBody: Codable, Sendable, Equatable {
            public let id: String
            public let email: String
        }
        public let account: AccountBody
        public let tier: Tier
        public let expiresAt: Date

        public init(info: SessionInfo) {
            account = AccountBody(id: info.accountID, email: info.email)
            tier = info.tier
            expiresAt = info.expiresAt
        }

        public var info: SessionInfo {
            SessionInfo(accountID: account.id, email: account.email, tier: tier, expiresAt: expiresAt)
        }
    }

    // MARK: - Check-ins

    /// `{date, energy, stress, social, key_contact}` (the request's shape, also answered).
    public struct CheckinBody: Codable, Sendable, Equatable {
        public let date: LocalDay
        public let energy: Int
        public let stress: Int
        public let social: Int
        public let keyContact: String?

        enum CodingKeys: String, CodingKey {
            case date, energy, stress, social
            case keyContact = "key_contact"
        }

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

        public func checkin() throws -> Checkin {
            try Checkin(day: date, energy: energy, stress: stress, social: social, keyContact: keyContact)
        }
    }

    /// `GET /api/checkins/today`: `{date, checkin}` (`checkin` null when there is none yet).
    public struct TodayResponse: Codable, Sendable, Equatable {
        public let date: LocalDay
        public let checkin: CheckinBody?

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
        public let days: Int
        public let points: [TrendPoint]
        public init(days: Int, points: [TrendPoint]) {
            self.days = days
            self.points = points
        }
    }

    /// `GET /api/insights/weekly`: the seed's `WeeklyInsights` with `requestId` and `timestamp`.
    public struct InsightsResponse: Codable, Sendable, Equatable {
        public let insights: WeeklyInsights
        public let requestId: String
        public let timestamp: Date

        enum CodingKeys: String, CodingKey { case requestId, timestamp }

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
        public let days: Int
        public let alerts: [DriftAlert]
        public init(days: Int, alerts: [DriftAlert]) {
            self.days = days
            self.alerts = alerts
        }
    }

    // MARK: - Goals and tips (the seed's envelopes)

    /// `{"success": true, "data": …}`.
    public struct Envelope<Payload: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        public let success: Bool
        public let data: Payload
        public init(_ data: Payload) {
            success = true
            self.data = data
        }
    }

    /// A goal: `{id, title, description, created_at}`; `id` and `created_at` optional in a
    /// request.
    public struct GoalBody: Codable, Sendable, Equatable {
        public let id: String?
        public let title: String
        public let description: String?
        public let createdAt: Date?

        enum CodingKeys: String, CodingKey {
            case id, title, description
            case createdAt = "created_at"
        }

        public init(_ goal: Goal) {
            id = goal.id.description
            title = goal.title
            description = goal.description
            createdAt = goal.createdAt
        }
    }

    public struct GoalData: Codable, Sendable, Equatable {
        public let goal: GoalBody
        public init(goal: GoalBody) { self.goal = goal }
    }

    public struct GoalsData: Codable, Sendable, Equatable {
        public let goals: [GoalBody]
        public let count: Int
        public init(goals: [GoalBody]) {
            self.goals = goals
            count = goals.count
        }
    }

    /// The seed's tips request: the goal and what the client knows of the person.
    public struct TipsRequest: Codable, Sendable, Equatable {
        public struct Mood: Codable, Sendable, Equatable {
            public let date: LocalDay
            public let score: Int
            public let note: String?
        }
        public struct Journal: Codable, Sendable, Equatable {
            public let date: LocalDay
            public let tags: [String]
            public let notes: String?
        }
        public struct Context: Codable, Sendable, Equatable {
            public let moodEntries: [Mood]
            public let journalEntries: [Journal]
            public let existingGoals: [GoalBody]

            enum CodingKeys: String, CodingKey {
                case moodEntries = "mood_entries"
                case journalEntries = "journal_entries"
                case existingGoals = "existing_goals"
            }
        }

        public let goalTitle: String
        public let goalDescription: String?
        public let context: Context?
        /// The language the tips should be in (`en`, `nl`); the server's default when absent.
        public let language: String?

        enum CodingKeys: String, CodingKey {
            case goalTitle = "goal_title"
            case goalDescription = "goal_description"
            case context, language
        }

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
        public let tips: [GoalTip]
        public let goalId: String
        public let goalTitle: String
        public let count: Int
        public let source: TipSource?

        enum CodingKeys: String, CodingKey {
            case tips, count, source
            case goalId = "goal_id"
            case goalTitle = "goal_title"
        }

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

        public subscript(key: String) -> JSONValue? { object?[key] }

        public var object: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }
        public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
        public var string: String? { if case .string(let value) = self { value } else { nil } }
        public var number: Double? { if case .number(let value) = self { value } else { nil } }
        public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    }
}
