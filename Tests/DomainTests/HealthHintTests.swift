import Foundation
import Testing
import WellnessDomain

@Suite("Health hints")
struct HealthHintTests {
    @Test("the built-in mapping by intervention id", arguments: [
        ("exercise_timing", HealthHintType?.some(.exercise)),
        ("hydration_morning", .water), ("hydration_target", .water), ("hydration_evening", .water),
        ("stress_reduction", .mindfulness), ("mindfulness_prebed", .mindfulness),
        ("hydration", nil), ("morning_light", nil), ("exercise", nil), ("mindfulness_morning", nil),
        ("walk_after_lunch", nil), ("charge_biofeedback", nil), ("xhydration_morning", nil),
    ])
    func mapping(id: String, expected: HealthHintType?) {
        let item = Intervention(id: Intervention.ID(id), title: id, sections: [.morning], trackingType: .binary)
        #expect(item.healthHint == expected)
        #expect(item.healthHintOverride == nil)
    }

    @Test("a catalog entry's own hint wins over the mapping",
          arguments: ["exercise_timing", "hydration_morning", "stress_reduction", "morning_light"],
          HealthHintType.allCases)
    func override(id: String, hint: HealthHintType) {
        let item = Intervention(id: Intervention.ID(id), title: id, sections: [.morning], trackingType: .binary,
                                healthHint: hint)
        #expect(item.healthHint == hint)
    }

    @Test("unauthorised: not authorised, and the text asks to connect that kind of data",
          arguments: HealthHintType.allCases)
    func unauthorised(type: HealthHintType) {
        let status = HealthHintStatus(type: type, reading: nil)
        #expect(!status.isAuthorized)
        #expect(status.text == LocalizedText("hint.connect.\(type.rawValue)"))
    }

    @Test("a reading in words")
    func readings() {
        #expect(HealthHintStatus(type: .exercise, reading: .workouts(count: 2, minutes: 75)).text
            == LocalizedText("hint.workouts", [.text(LocalizedText("hint.count.workouts", [.number(2)])),
                                               .text(LocalizedText("hint.count.minutes", [.number(75)]))]))
        #expect(HealthHintStatus(type: .water, reading: .water(liters: 1.5)).text
            == LocalizedText("hint.water", [.verbatim("1.5")]))
        #expect(HealthHintStatus(type: .water, reading: .water(liters: 0)).text
            == LocalizedText("hint.waterMillilitres", [.number(0)]))
        // Below a litre in millilitres (issue 37): 250 mL, not "0.2 litres".
        #expect(HealthHintStatus(type: .water, reading: .water(liters: 0.25)).text
            == LocalizedText("hint.waterMillilitres", [.number(250)]))
        #expect(HealthHintStatus(type: .water, reading: .water(liters: 0.9996)).text
            == LocalizedText("hint.water", [.verbatim("1.0")]))
        #expect(HealthHintStatus(type: .mindfulness, reading: .mindfulness(minutes: 12)).text
            == LocalizedText("hint.mindfulness", [.number(12)]))
        #expect(HealthHintStatus(type: .mindfulness, reading: .mindfulness(minutes: 0)).isAuthorized)
    }
}
