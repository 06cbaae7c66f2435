import WellnessContractTesting
import WellnessDomain

extension Fixtures {
    /// A small catalog with every section and tracking type (the Daily Deck's tests share it);
    /// catalog order is card order.
    public static let catalog: [Intervention] = [
        Intervention(id: "hydration_morning", title: "Water on waking", sections: [.morning], trackingType: .counter,
                     roi: .medium),
        Intervention(id: "morning_light", title: "Morning light", sections: [.morning], trackingType: .timer, roi: .high),
        Intervention(id: "exercise_timing", title: "Exercise", sections: [.morning, .evening], trackingType: .timer,
                     roi: .high),
        Intervention(id: "walk_after_lunch", title: "Walk after lunch", sections: [.afternoon], trackingType: .binary),
        Intervention(id: "stress_reduction", title: "Breathing break", sections: [.afternoon], trackingType: .counter),
        Intervention(id: "vegetables_dinner", title: "Vegetables", sections: [.evening], trackingType: .binary),
        Intervention(id: "mindfulness_prebed", title: "Wind-down", sections: [.preBed], trackingType: .timer),
        Intervention(id: "bedroom_cool", title: "Cool bedroom", sections: [.preBed], trackingType: .checklist),
        Intervention(id: "checkup", title: "Check-up", sections: [.afternoon], trackingType: .appointment),
        Intervention(id: "sleep_tracking", title: "Sleep recorded", sections: [.anytime], trackingType: .automatic),
        Intervention(id: "supplements", title: "Supplements", sections: [.anytime], trackingType: .binary),
    ]
}
