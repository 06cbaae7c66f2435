import WellnessDomain

/// Why no weight chart could be drawn.
public enum WeightChartError: WellnessError, Equatable {
    /// No weigh-ins in the window.
    case noData(days: Int)

    public enum Code: String, CaseIterable, Sendable {
        case noData
    }

    public static let family = "weightChart"

    public var code: Code {
        switch self {
        case .noData: .noData
        }
    }

    public var details: [LocalizedText.Argument] {
        switch self {
        case .noData(let days): [.number(days)]
        }
    }
}
