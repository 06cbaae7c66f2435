import Foundation
import WellnessDomain

/// Resolves ``LocalizedText`` keys against the string tables shipped in this target's bundle
/// (`Resources/<lang>.lproj/Localizable.strings`): the seeds' texts and the core's error
/// messages. A front end adds its own words in a table of its own (the `overlay` bundle), on
/// top. English fills any gap.
public struct Localizer: Sendable {
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

    /// The text in this locale, with its arguments substituted.
    public func string(_ text: LocalizedText) -> String {
        let format = table[text.key] ?? english[text.key] ?? text.key
        return Self.substitute(format, text.arguments.map(render))
    }

    /// The text of a bare key.
    public func string(_ key: String, _ arguments: LocalizedText.Argument...) -> String {
        string(LocalizedText(key, arguments))
    }

    /// Every key of a locale's table in `bundle` (the core's by default), for completeness checks.
    public static func keys(of locale: WellnessLocale, in bundle: Bundle? = nil) -> Set<String> {
        Set(table(for: locale, in: bundle ?? .module).keys)
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
