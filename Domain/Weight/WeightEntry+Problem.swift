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
        /// The note holds another control character (see ``PlainText``).
        case controlCharacter(ControlCharacterError)

        public enum Code: String, CaseIterable, Sendable {
            case notFinite, notAboveZero, aboveMaximum, noteContainsNUL, controlCharacter
        }

        public static let family = "weightValue"

        public var code: Code {
            switch self {
            case .notFinite: .notFinite
            case .notAboveZero: .notAboveZero
            case .aboveMaximum: .aboveMaximum
            case .noteContainsNUL: .noteContainsNUL
            case .controlCharacter: .controlCharacter
            }
        }

        public var details: [LocalizedText.Argument] {
            switch self {
            case .notFinite, .noteContainsNUL: []
            case .notAboveZero(let kilograms): [.verbatim(kilograms)]
            case .aboveMaximum(let kilograms, let maximum): [.verbatim(kilograms), .verbatim(maximum)]
            case .controlCharacter(let error): [.text(error.message)]
            }
        }
    }
}
