extension WeightEntry {
    /// Why a value cannot be part of a weigh-in.
    public enum Problem: WellnessError, Hashable {
        /// The weight is infinite or not a number.
        case notFinite
        /// The weight (every digit of it) is 0 or less.
        case notAboveZero(String)
        /// The weight (every digit of it) is above the maximum (as shown to people).
        case aboveMaximum(String, maximum: String)
        /// The note holds a NUL character, where SQLite and C strings would cut it.
        case noteContainsNUL

        public enum Code: String, CaseIterable, Sendable {
            case notFinite, notAboveZero, aboveMaximum, noteContainsNUL
        }

        public static let family = "weightValue"

        public var code: Code {
            switch self {
            case .notFinite: .notFinite
            case .notAboveZero: .notAboveZero
            case .aboveMaximum: .aboveMaximum
            case .noteContainsNUL: .noteContainsNUL
            }
        }

        public var details: [LocalizedText.Argument] {
            switch self {
            case .notFinite, .noteContainsNUL: []
            case .notAboveZero(let kilograms): [.verbatim(kilograms)]
            case .aboveMaximum(let kilograms, let maximum): [.verbatim(kilograms), .verbatim(maximum)]
            }
        }
    }
}
