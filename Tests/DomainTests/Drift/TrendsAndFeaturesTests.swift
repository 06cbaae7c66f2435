import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("Drift trends")
struct DriftTrendsTests {
    let today = DriftFixtures.today

    func c(_ daysAgo: Int, _ energy: Int, _ stress: Int, _ social: Int) -> Checkin {
        DriftFixtures.checkin(today.adding(days: -daysAgo).description, energy: energy, stress: stress, social: social)
    }

    @Test("one point per day with a check-in, oldest first, empty days left out")
    func points() throws {
        let checkins = [c(0, 2, 4, 3), c(6, 3, 4, 3), c(3, 5, 1, 5), c(7, 1, 1, 1), c(-1, 1, 1, 1)]
        let points = try Trends.points(today: today, days: 7, checkins: checkins)
        #expect(points == [
            TrendPoint(day: Fixtures.day("2026-03-23"), energy: 3, stress: 4, social: 3, driftIndex: 3.33),
            TrendPoint(day: Fixtures.day("2026-03-26"), energy: 5, stress: 1, social: 5, driftIndex: 1),
            TrendPoint(day: Fixtures.day("2026-03-29"), energy: 2, stress: 4, social: 3, driftIndex: 3.67),
        ])
    }

    @Test("the first and last day of 7, 30 and 90 days count, the day before does not",
          arguments: TrendLength.allCases)
    func edges(length: TrendLength) {
        let days = length.days
        let checkins = [c(days, 3, 3, 3), c(days - 1, 4, 4, 4), c(0, 5, 5, 5), c(days / 2, 1, 1, 1)]
        let points = Trends.points(today: today, length: length, checkins: checkins)
        #expect(points.map(\.day) == [today.adding(days: -(days - 1)), today.adding(days: -(days / 2)), today])
        #expect(length.range(endingOn: today).lowerBound == today.adding(days: -(days - 1)))
    }

    @Test("thirty and ninety days collect more of the same history")
    func longer() {
        let history = (0..<100).filter { $0 % 3 == 0 }.map { c($0, 3, 3, 3) } // 34 days: 0, 3, …, 99
        #expect(Trends.points(today: today, length: .sevenDays, checkins: history).count == 3) // 0, 3, 6
        #expect(Trends.points(today: today, length: .thirtyDays, checkins: history).count == 10) // 0…27
        #expect(Trends.points(today: today, length: .ninetyDays, checkins: history).count == 30) // 0…87
        let points = Trends.points(today: today, length: .ninetyDays, checkins: history.reversed())
        #expect(points.map(\.day) == points.map(\.day).sorted())
    }

    @Test("when two check-ins share a day the later one in the list counts")
    func sameDay() {
        let points = Trends.points(today: today, length: .sevenDays, checkins: [c(1, 1, 1, 1), c(1, 5, 5, 5)])
        #expect(points.map(\.energy) == [5])
    }

    @Test("only 7, 30 and 90 days are valid", arguments: [0, 1, 6, 8, 14, 29, 31, 60, 89, 91, 365, -30])
    func invalid(days: Int) {
        #expect(throws: DriftWindowError.invalidTrendLength(days)) {
            try Trends.points(today: today, days: days, checkins: [])
        }
        #expect(throws: DriftWindowError.invalidTrendLength(days)) { try TrendLength(days: days) }
    }

    @Test("the error message lists the valid lengths")
    func message() {
        #expect(DriftWindowError.invalidTrendLength(14).summary == "driftWindow.invalidTrendLength(14)")
    }

    @Test("a point as JSON")
    func json() throws {
        let point = TrendPoint(c(0, 2, 4, 3))
        #expect(try DriftFixtures.json(point)
            == #"{"day":"2026-03-29","driftIndex":3.67,"energy":2,"social":3,"stress":4}"#)
    }

    @Test("30 and 90 days are gated by trends_30d and trends_90d; 7 days by nothing")
    func gating() {
        #expect(TrendLength.sevenDays.gatingFeature == nil)
        #expect(TrendLength.thirtyDays.gatingFeature == .trends30d)
        #expect(TrendLength.ninetyDays.gatingFeature == .trends90d)
        #expect(FeatureGate.feature(for: .thirtyDays) == .trends30d)
        #expect(FeatureGate.lockedFeature(for: .sevenDays, tier: .free) == nil)
        #expect(FeatureGate.lockedFeature(for: .thirtyDays, tier: .free) == .trends30d)
        #expect(FeatureGate.lockedFeature(for: .ninetyDays, tier: .free) == .trends90d)
        for length in TrendLength.allCases {
            #expect(FeatureGate.lockedFeature(for: length, tier: .pro) == nil)
        }
    }
}

@Suite("Drift tiers and features")
struct DriftFeatureGateTests {
    static let proKeys = ["trends_30d", "trends_90d", "sensitivity_tuning", "action_plan", "weekly_detail",
                          "insight_history"]

    @Test("the feature keys are exactly the design's table, in its order")
    func keys() {
        #expect(FeatureKey.allCases.map(\.rawValue) == Self.proKeys)
        #expect(FeatureKey.allCases.allSatisfy { $0.isPro })
        #expect(FeatureKey.weeklyDetail.summary == LocalizedText("feature.weekly_detail"))
    }

    @Test("every Pro key is locked on Free and unlocked on Pro", arguments: proKeys)
    func proKey(key: String) {
        #expect(FeatureGate.isProFeature(key))
        #expect(!FeatureGate.isUnlocked(key, tier: .free))
        #expect(FeatureGate.isUnlocked(key, tier: .pro))
    }

    @Test("any other key, known or not, is unlocked on both tiers",
          arguments: ["trends_7d", "dark_mode", "", "TRENDS_30D", " trends_30d", "trends_30d ", "weekly-detail"])
    func otherKey(key: String) {
        #expect(!FeatureGate.isProFeature(key))
        #expect(FeatureGate.isUnlocked(key, tier: .free))
        #expect(FeatureGate.isUnlocked(key, tier: .pro))
    }

    @Test("the feature list per tier, and as JSON")
    func list() throws {
        #expect(FeatureGate.features(for: .free).map(\.key.rawValue) == Self.proKeys)
        #expect(FeatureGate.features(for: .free).allSatisfy { $0.pro && !$0.unlocked })
        #expect(FeatureGate.features(for: .pro).allSatisfy { $0.pro && $0.unlocked })
        #expect(try DriftFixtures.json(FeatureGate.features(for: .free).first!)
            == #"{"key":"trends_30d","pro":true,"unlocked":false}"#)
        #expect(try DriftFixtures.json(FeatureGate.features(for: .pro).last!)
            == #"{"key":"insight_history","pro":true,"unlocked":true}"#)
    }

    @Test("typed key and string key agree", arguments: FeatureKey.allCases, Tier.allCases)
    func typedKey(key: FeatureKey, tier: Tier) {
        #expect(FeatureGate.isUnlocked(key, tier: tier) == FeatureGate.isUnlocked(key.rawValue, tier: tier))
    }

    @Test("tiers parse from free or pro in any case; anything else is refused listing both")
    func tiers() throws {
        #expect(try Tier.parse("free") == .free)
        #expect(try Tier.parse("Pro") == .pro)
        #expect(throws: InvalidValue(kind: .tier, value: "gold", valid: ["free", "pro"])) { try Tier.parse("gold") }
        #expect(Tier.allCases.map(\.rawValue) == ["free", "pro"])
        #expect(Tier.pro.name == LocalizedText("tier.pro"))
    }
}
