/// The stable identifier of a nudge, used to dismiss or apply it.
public enum NudgeID: Sendable, Hashable, Codable, CustomStringConvertible {
    case disable(TrackingModule)
    case enable(TrackingModule)
    case phase(DogLifePhase)
    case simplify

    public var description: String {
        switch self {
        case .disable(let module): "disable_\(module.rawValue)"
        case .enable(let module): "enable_\(module.rawValue)"
        case .phase(let phase): "phase_\(phase.rawValue)"
        case .simplify: "simplify"
        }
    }

    /// Every identifier a nudge can have.
    public static var all: [NudgeID] {
        TrackingModule.allCases.map(NudgeID.disable) + TrackingModule.allCases.map(NudgeID.enable)
            + DogLifePhase.allCases.map(NudgeID.phase) + [.simplify]
    }

    /// Parses an identifier, or throws an error that names it and lists the valid forms.
    public static func parse(_ text: String) throws(InvalidValue) -> NudgeID {
        guard let id = all.first(where: { $0.description == text }) else {
            throw InvalidValue(kind: .nudgeID, value: text, valid: all.map(\.description))
        }
        return id
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try NudgeID.parse(text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: error.summary,
                                                    underlyingError: error))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
