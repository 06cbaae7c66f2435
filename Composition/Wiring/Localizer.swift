import Foundation
import WellnessDomain

/// Resolves ``LocalizedText`` keys against the string tables shipped in this target's bundle
/// (`Resources/<lang>.lproj/Localizable.strings`); English fills any gap.
public struct Localizer: Sendable {
    public let locale: WellnessLocale
    private let table: [String: String]
    private let english: [String: String]

    public init(locale: WellnessLocale) {
        self.locale = locale
        self.english = Self.table(for: .en)
        self.table = locale == .en ? english : Self.table(for: locale)
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

    /// Every key of a locale's table (for completeness checks).
    public static func keys(of locale: WellnessLocale) -> Set<String> {
        Set(table(for: locale).keys)
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

    private static func table(for locale: WellnessLocale) -> [String: String] {
        guard let url = Bundle.module.url(forResource: "Localizable", withExtension: "strings",
                                          subdirectory: nil, localization: locale.rawValue)
                ?? Bundle.module.url(forResource: "Localizable", withExtension: "strings",
                                     subdirectory: "\(locale.rawValue).lproj"),
              let data = try? Data(contentsOf: url),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
              let strings = plist as? [String: String] else { return [:] }
        return strings
    }
}
