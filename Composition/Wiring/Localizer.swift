import Foundation
import WellnessDomain

/// Resolves ``LocalizedText`` keys against the string tables shipped in this target's bundle
/// (`Resources/<lang>.lproj/Localizable.strings`): the seeds' texts and the core's error
/// messages. A front end adds its own words in a table of its own (the `overlay` bundle), on
/// top. English fills any gap.
///
/// A counted text has plural forms instead of one entry: `key.one` and `key.other` (the CLDR
/// categories of ``PluralCategory``), chosen by the first number among its arguments in the
/// language's rule, so "1 card" and "2 cards" are one `LocalizedText("cli.deck.count", [.number(n)])`.
/// Every form keeps the same placeholders in the same order. A text counting two things nests
/// one counted text per count.
public struct Localizer: Sendable {
    /// The language a text is looked up in first; English fills any key it lacks.
    public let locale: WellnessLocale
    private let table: [String: String]
    private let english: [String: String]

    /// The core's tables in `locale`, with `overlay`'s tables (a front end's own) on top.
    public init(locale: WellnessLocale, overlay: Bundle? = nil) {
        self.locale = locale
        func tables(_ locale: WellnessLocale) -> [String: String] {
            Self.table(for: locale, in: .module).merging(overlay.map { Self.table(for: locale, in: $0) } ?? [:]) { $1 }
        }
        self.english = tables(.en)
        self.table = locale == .en ? english : tables(locale)
    }

    /// The text in this locale, with its arguments substituted: the plural form of its first
    /// number when the key has plural forms.
    public func string(_ text: LocalizedText) -> String {
        let format = Self.format(of: text, in: table, locale) ?? Self.format(of: text, in: english, .en) ?? text.key
        return Self.substitute(format, text.arguments.map(render))
    }

    /// The key of one plural form of `key`.
    public static func pluralKey(_ key: String, _ category: PluralCategory) -> String {
        "\(key).\(category.rawValue)"
    }

    private static func format(of text: LocalizedText, in table: [String: String], _ locale: WellnessLocale) -> String? {
        if let format = table[text.key] { return format }
        let count = text.arguments.lazy.compactMap { argument -> Int? in
            if case .number(let value) = argument { value } else { nil }
        }.first
        guard let count else { return nil }
        return table[pluralKey(text.key, locale.pluralCategory(of: count))] ?? table[pluralKey(text.key, .other)]
    }

    /// The text of a bare key.
    public func string(_ key: String, _ arguments: LocalizedText.Argument...) -> String {
        string(LocalizedText(key, arguments))
    }

    /// Every key a text may have in a locale's table in `bundle` (the core's by default), for
    /// completeness checks: a key with plural forms once, as its texts name it.
    public static func keys(of locale: WellnessLocale, in bundle: Bundle? = nil) -> Set<String> {
        let entries = entryKeys(of: locale, in: bundle)
        let plurals = pluralKeys(of: locale, in: bundle)
        let forms = plurals.flatMap { key in PluralCategory.allCases.map { pluralKey(key, $0) } }
        return entries.subtracting(forms).union(plurals)
    }

    /// Every entry of a locale's table in `bundle`, plural forms as they are written.
    public static func entryKeys(of locale: WellnessLocale, in bundle: Bundle? = nil) -> Set<String> {
        Set(table(for: locale, in: bundle ?? .module).keys)
    }

    /// The keys with plural forms in a locale's table: those with a `.one` form.
    public static func pluralKeys(of locale: WellnessLocale, in bundle: Bundle? = nil) -> Set<String> {
        let suffix = "." + PluralCategory.one.rawValue
        return Set(entryKeys(of: locale, in: bundle).filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) })
    }

    /// The format of an entry as written (a plural form by its full key), for checks.
    public static func entry(_ key: String, of locale: WellnessLocale, in bundle: Bundle? = nil) -> String? {
        table(for: locale, in: bundle ?? .module)[key]
    }

    private func render(_ argument: LocalizedText.Argument) -> String {
        switch argument {
        case .text(let nested): string(nested)
        case .number(let value): String(value)
        case .verbatim(let value): value
        }
    }

    /// Replaces `%@`, `%d` and `%lld` in order, and `%%` with `%`.
    static func substitute(_ format: String, _ arguments: [String]) -> String {
        var output = ""
        var remaining = arguments[...]
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            guard character == "%" else {
                output.append(character)
                index = format.index(after: index)
                continue
            }
            let rest = format[format.index(after: index)...]
            let spec = ["@", "d", "lld", "%"].first { rest.hasPrefix($0) }
            guard let spec else {
                output.append(character)
                index = format.index(after: index)
                continue
            }
            output += spec == "%" ? "%" : (remaining.popFirst() ?? "")
            index = format.index(index, offsetBy: 1 + spec.count)
        }
        return output
    }

    private static func table(for locale: WellnessLocale, in bundle: Bundle) -> [String: String] {
        guard let url = bundle.url(forResource: "Localizable", withExtension: "strings",
                                   subdirectory: nil, localization: locale.rawValue)
                ?? bundle.url(forResource: "Localizable", withExtension: "strings",
                              subdirectory: "\(locale.rawValue).lproj"),
              let data = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let strings = plist as? [String: String] else { return [:] }
        return strings
    }
}
