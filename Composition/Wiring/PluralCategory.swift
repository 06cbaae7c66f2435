/// The CLDR plural category of a count: which form of a counted word a language uses.
///
/// English and Dutch have the same two categories for whole numbers: `one` for 1, `other`
/// for everything else (0, 2, 21, -1). A language with more (Polish, Arabic) adds its cases
/// here and its rule to ``WellnessLocale/pluralCategory(of:)``.
public enum PluralCategory: String, CaseIterable, Sendable {
    case one
    case other
}

extension WellnessLocale {
    /// The category of `count` in this language (CLDR: for en and nl, `one` when the integer
    /// is 1 with no visible fraction digits, else `other`).
    public func pluralCategory(of count: Int) -> PluralCategory {
        switch self {
        case .en, .nl: count == 1 ? .one : .other
        }
    }
}
