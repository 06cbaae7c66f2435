import Foundation

/// What health data says about a card's section window, to jog the memory.
public enum HealthReading: Sendable, Equatable {
    case workouts(count: Int, minutes: Int)
    case water(liters: Double)
    case mindfulness(minutes: Int)
    /// Minutes asleep in stretches of sleep that ended in the window.
    case sleep(minutes: Int)
}

/// A card's health hint: its type and the reading, or `nil` when the person has not
/// connected (authorised) that kind of data.
public struct HealthHintStatus: Sendable, Equatable {
    public let type: HealthHintType
    public let reading: HealthReading?

    public init(type: HealthHintType, reading: HealthReading?) {
        self.type = type
        self.reading = reading
    }

    public var isAuthorized: Bool { reading != nil }

    /// "Connect … to see …" when unauthorised, else the reading in words.
    public var text: LocalizedText {
        switch reading {
        case nil: LocalizedText("hint.connect.\(type.rawValue)")
        case let .workouts(count, minutes)?:
            LocalizedText("hint.workouts", [.text(LocalizedText("hint.count.workouts", [.number(count)])),
                                            .text(LocalizedText("hint.count.minutes", [.number(minutes)]))])
        case let .water(liters)?:
            if let millilitres = WaterAmount.millilitres(below: liters) {
                LocalizedText("hint.waterMillilitres", [.number(millilitres)])
            } else {
                LocalizedText("hint.water", [.verbatim(WaterAmount.litres(liters))])
            }
        case let .mindfulness(minutes)?: LocalizedText("hint.mindfulness", [.number(minutes)])
        case let .sleep(minutes)?:
            LocalizedText("hint.sleep", [.number(minutes / 60), .number(minutes % 60)])
        }
    }
}
