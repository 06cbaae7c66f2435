// The code of WellnessComposition.docc/SwappingAnAdapter.md, compiled so the article stays
// true (`.ci/check-doc-snippets` checks that every block of it is here); all but the first
// example (which writes to /tmp/wellness-example) run, and what their comments say they print is
// checked.
import Foundation
import Testing
import WellnessComposition

@Suite("Documentation: SwappingAnAdapter")
struct SwappingAnAdapterArticle {
    /// Never called: it writes to /tmp/wellness-example.
    static func aRepository() async throws {
        /// Moods kept somewhere of your choosing; one entry per day.
        actor CloudMoodRepository: MoodRepository {
            private var entries: [LocalDay: MoodEntry] = [:]

            func moods(on days: ClosedRange<LocalDay>) async throws -> [MoodEntry] {
                entries.values.filter { days.contains($0.day) }.sorted { $0.day < $1.day }
            }

            func save(_ entry: MoodEntry) async throws {
                entries[entry.day] = entry
            }
        }

        let folder = URL(fileURLWithPath: "/tmp/wellness-example", isDirectory: true)
        var repositories = try WellnessRepositories.sqlite(in: folder)
        repositories.moods = CloudMoodRepository()

        let wellness = try Wellness(repositories: repositories, clock: SystemWallClock(), calendar: .current)
        try await wellness.moods.log(score: 4)
    }

    @Test("a health data source, a tips service and a remote connection of one's own work as shown")
    func ownAdapters() async throws {
        /// Health data from the platform: here, fixed numbers; on iOS, HealthKit queries.
        struct PhoneHealthData: HealthDataSource {
            func isAuthorized(_ type: HealthHintType) async -> Bool {
                type != .mindfulness
            }

            func workoutSummary(in interval: DateInterval) async throws -> (count: Int, minutes: Int) {
                (count: 1, minutes: 35)
            }

            func waterLiters(in interval: DateInterval) async throws -> Double {
                1.25
            }

            func mindfulMinutes(in interval: DateInterval) async throws -> Int {
                0
            }

            func sleepMinutes(in interval: DateInterval) async throws -> Int {
                7 * 60 + 30
            }
        }

        var configuration = WellnessConfiguration(store: .memory)
        configuration.health = PhoneHealthData()
        let withHealth = try Wellness.make(configuration)
        let deck = try await withHealth.catchUp.deck()
        for card in deck.cards {
            if let hint = deck.hint(for: card) {
                print(card.title, withHealth.localizer.string(hint.text))
            }
        }
        #expect(try await PhoneHealthData().waterLiters(in: DateInterval()) == 1.25)

        /// Tips from your own service; errors are typed, so the container can fall back.
        struct CoachTipsService: GoalTipsService {
            func tips(for goal: Goal, context: UserContext) async throws(GoalTipsServiceError) -> TipsAnswer {
                var tips = [GoalTip(tip: "Write down one small step towards \"\(goal.title)\" tonight.",
                                    category: .habit, priority: .medium)]
                if let mood = context.averageMood, mood < 3 {
                    tips.append(GoalTip(tip: "Go easy on yourself this week.", category: .mindset, priority: .high))
                }
                if context.days(with: .poorSleep) >= 3 {
                    tips.append(GoalTip(tip: "Keep screens out of the bedroom.", category: .sleep, priority: .high))
                }
                return TipsAnswer(tips: tips, source: TipSource(rawValue: "coach"))
            }
        }

        var coached = WellnessConfiguration(store: .memory)
        coached.tipsService = CoachTipsService()
        let coach = try Wellness.make(coached)
        let sleep = try await coach.goals.add(title: "Sleep well")
        let coachTips = try await coach.goals.tips(for: sleep.id)
        #expect(coachTips.tips.contains { $0.tip == "Write down one small step towards \"Sleep well\" tonight." })

        /// A stand-in server: it accepts every check-in once and computes Drift from what it got.
        actor LoopbackServer: CheckinAPI, DriftRemote {
            private let time: TimeContext
            private var received: [LocalDay: Checkin] = [:]

            init(time: TimeContext) {
                self.time = time
            }

            func submit(_ checkin: Checkin, idempotencyKey: String, replacing: Bool) async throws -> SubmissionOutcome {
                guard replacing || received[checkin.day] == nil else { return .duplicate }
                received[checkin.day] = checkin
                return .accepted
            }

            func weeklyInsights(days: Int) async throws -> WeeklyInsights {
                try WeeklyInsightsCalculator.insights(today: time.today(), days: days, checkins: Array(received.values))
            }

            func trends(days: Int) async throws -> [TrendPoint] {
                try Trends.points(today: time.today(), days: days, checkins: Array(received.values))
            }

            func today() async throws -> Checkin? {
                received[time.today()]
            }

            func alerts(days: Int) async throws -> [DriftAlert] {
                let window = try time.lastDays(days)
                return DriftAlert.alerts(in: Array(received.values)).filter { window.contains($0.day) }
            }
        }

        let clock = SystemWallClock()
        let server = LoopbackServer(time: TimeContext(clock: clock, calendar: .current))
        let login = StoredCredentials(server: URL(string: "https://wellness.example")!, email: "ann@example.com",
                                      accessToken: "a-token", expiresAt: clock.now().addingTimeInterval(3600))
        let connected = try Wellness(repositories: .inMemory(), clock: clock, calendar: .current,
                                     remote: RemoteConnection(login: login, checkins: server, drift: server,
                                                              tips: CoachTipsService()))

        let receipt = try await connected.drift.checkIn(energy: 3, stress: 4, social: 2)
        print(receipt.delivery)                    // sent
        let week = try await connected.drift.insights()
        print(week.value.summary.checkinCount, week.offline)   // 1 false
        #expect(receipt.delivery == .sent)
        #expect(week.value.summary.checkinCount == 1 && !week.offline)
    }
}
