import WellnessDomain

/// The languages Wellness speaks.
public enum WellnessLocale: String, Sendable, CaseIterable {
    case en
    case nl

    /// Parses `en|nl` (a `--locale` flag), or throws an error listing the valid ones.
    public static func parse(_ text: String) throws(InvalidValue) -> WellnessLocale {
        guard let locale = WellnessLocale(rawValue: text.lowercased()) else {
            throw InvalidValue(kind: .locale, value: text, valid: allCases.map(\.rawValue))
        }
        return locale
    }

    /// The language of a POSIX locale such as `LANG=nl_NL.UTF-8`; English when unset or
    /// not one of ours.
    public static func fromEnvironment(_ environment: [String: String]) -> WellnessLocale {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let language = value.prefix { $0.isLetter }.lowercased()
            return WellnessLocale(rawValue: language) ?? .en
        }
        return .en
    }
}
