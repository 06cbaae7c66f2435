import ArgumentParser
import Foundation
import WellnessComposition
import WellnessWire

/// `wellness serve --config FILE` (or `WELLNESS_CONFIG`): serve's settings in a JSON object whose
/// keys are serve's long option names (`{"port": 8080, "trusted-proxy": ["10.0.0.2"]}`).
///
/// The file becomes arguments: each value is checked on its own by parsing it as the flag it
/// names (so a value from the file passes exactly the checks the flag does, and a refusal names
/// the key and the file), then the values neither a flag typed nor an environment variable set
/// are put before the typed arguments. Precedence: flags, then environment variables, then the
/// file, then the defaults.
enum ServeConfigurationFile {
    /// The variable naming the file when `--config` does not.
    static let variable = "WELLNESS_CONFIG"

    /// The JSON shape a key takes.
    enum Kind: Sendable {
        /// A string or a number, parsed as the flag's text.
        case value
        /// An array of strings or numbers: a repeatable flag, once per element.
        case repeatable
        /// `true` or `false`: a flag without a value (`false` leaves it off).
        case flag
    }

    /// One key of the file: serve's long option `key`, its JSON shape, whether it is a path
    /// (a relative one is read from the file's directory), and the environment variables that
    /// take precedence over it.
    struct Setting: Sendable {
        let key: String
        let kind: Kind
        var isPath = false
        var variables: [String] = []
    }

    /// Every long option of `serve` except `--config` itself (a test holds this list to serve's).
    static let settings: [Setting] = [
        Setting(key: "store", kind: .value, variables: ["WELLNESS_STORE"]),
        Setting(key: "data-dir", kind: .value, isPath: true, variables: ["WELLNESS_DATA_DIR"]),
        Setting(key: "now", kind: .value, variables: ["WELLNESS_NOW"]),
        // LANG and friends are the system's default, not a setting of Wellness: the file's wins.
        Setting(key: "locale", kind: .value),
        Setting(key: "catalog", kind: .value, isPath: true, variables: ["WELLNESS_CATALOG"]),
        Setting(key: "json", kind: .flag),
        Setting(key: "host", kind: .value),
        Setting(key: "port", kind: .value),
        Setting(key: "rate-limit", kind: .value),
        Setting(key: "max-body", kind: .value),
        Setting(key: "sync-rate-limit", kind: .value),
        Setting(key: "idle-timeout", kind: .value),
        Setting(key: "body-timeout", kind: .value),
        Setting(key: "max-connections", kind: .value),
        Setting(key: "max-open-stores", kind: .value),
        Setting(key: "tls-cert", kind: .value, isPath: true),
        Setting(key: "tls-key", kind: .value, isPath: true),
        Setting(key: "trusted-proxy", kind: .repeatable),
        Setting(key: "log-format", kind: .value),
        Setting(key: "database", kind: .value, variables: ["WELLNESS_DATABASE_URL"]),
        Setting(key: "tips-url", kind: .value, variables: ["WELLNESS_TIPS_URL"]),
        Setting(key: "tips-model", kind: .value, variables: ["WELLNESS_TIPS_MODEL"]),
        Setting(key: "tips-api-key-file", kind: .value, isPath: true,
                variables: ["WELLNESS_TIPS_API_KEY_FILE", "WELLNESS_TIPS_API_KEY"]),
        Setting(key: "tips-timeout", kind: .value, variables: ["WELLNESS_TIPS_TIMEOUT"]),
        Setting(key: "allow-remote", kind: .flag, variables: ["WELLNESS_TIPS_ALLOW_REMOTE"]),
    ]

    /// Keys that would put the AI key itself in the file: refused, naming `tips-api-key-file`.
    static let inlineKeys: Set<String> = ["tips-api-key", "api-key"]

    /// `arguments` (a `serve` run, as typed) with the file's settings put after `serve`, those a
    /// typed flag or a set environment variable overrides left out. Throws
    /// ``CLIError/configuration(file:_:)`` for a file that cannot be read or holds a bad key or value.
    static func arguments(_ arguments: [String], file: String, context: CLIContext) throws -> [String] {
        let fileArguments = try read(file, context: context).filter { key, _ in
            guard let setting = settings.first(where: { $0.key == key }) else { return false }
            let typed = arguments.prefix { $0 != "--" }.contains { $0 == "--\(key)" || $0.hasPrefix("--\(key)=") }
            return !typed && !setting.variables.contains { context.variable($0) != nil }
        }.flatMap(\.arguments)
        guard let serve = arguments.firstIndex(of: "serve") else { return arguments }
        return Array(arguments[...serve]) + fileArguments + arguments[(serve + 1)...]
    }

    /// The file's settings as arguments, sorted by key, each checked on its own.
    static func read(_ file: String, context: CLIContext) throws -> [(key: String, arguments: [String])] {
        let url = URL(fileURLWithPath: file)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CLIError.configuration(file: file, .unreadable(reason(error)))
        }
        let object: [String: Wire.JSONValue]
        do {
            object = try JSONDecoder().decode([String: Wire.JSONValue].self, from: data)
        } catch {
            throw CLIError.configuration(file: file, .notAnObject)
        }
        let directory = url.deletingLastPathComponent()
        return try object.keys.sorted().map { key in
            guard let setting = settings.first(where: { $0.key == key }) else {
                throw CLIError.configuration(file: file, inlineKeys.contains(key) ? .inlineKey(key) : .unknownKey(key))
            }
            let values = try texts(of: object[key] ?? .null, for: setting, file: file).map { text in
                setting.isPath && !text.hasPrefix("/") && !text.hasPrefix("~") && !text.isEmpty
                    ? directory.appendingPathComponent(text).path : text
            }
            let arguments: [String] = switch setting.kind {
            case .flag: values.isEmpty ? [] : ["--\(key)"]
            case .value, .repeatable: values.flatMap { ["--\(key)", $0] }
            }
            try check(setting, arguments, file: file, context: context)
            return (key, arguments)
        }
    }

    /// The texts a value of the file stands for: one for a value, one per element for a
    /// repeatable flag, one (`true`) or none (`false`) for a flag.
    private static func texts(of value: Wire.JSONValue, for setting: Setting, file: String) throws -> [String] {
        switch (setting.kind, value) {
        case (.value, _):
            if let text = value.flagText { return [text] }
        case (.repeatable, .array(let elements)):
            let texts = elements.compactMap(\.flagText)
            if texts.count == elements.count { return texts }
        case (.flag, .bool(let on)):
            return on ? ["true"] : []
        default:
            break
        }
        let expected = switch setting.kind {
        case .value: "cli.config.expected.value"
        case .repeatable: "cli.config.expected.array"
        case .flag: "cli.config.expected.bool"
        }
        throw CLIError.configuration(file: file, .wrongType(key: setting.key, expected: LocalizedText(expected)))
    }

    /// Parses `arguments` (one setting of the file) as serve would parse them typed, checks
    /// between settings left to the whole command line; an AI tips setting is also put through
    /// the checks `serve` makes of it when it starts.
    private static func check(_ setting: Setting, _ arguments: [String], file: String, context: CLIContext) throws {
        do {
            try ServeCommand.$checkingOneSetting.withValue(true) {
                let tipsURL = setting.key.hasPrefix("tips-") && setting.key != "tips-url"
                    ? ["--tips-url", "http://127.0.0.1"] : []
                let serve = try ServeCommand.parse(arguments + tipsURL)
                if setting.key.hasPrefix("tips-") {
                    let alone = CLIContext(environment: [:], input: context.input, output: context.output,
                                           errors: context.errors, workingDirectory: context.workingDirectory)
                    _ = try TipsOptions.settings(serve.tips, in: alone)
                }
            }
        } catch {
            let message = error is CLIError ? CLIMessages(locale: context.locale).message(for: error)
                : ServeCommand.message(for: error)
            throw CLIError.configuration(file: file, .badValue(key: setting.key, message: message))
        }
    }

    /// Why a file could not be read, in words (never a type name).
    private static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        switch error.code {
        case NSFileReadNoSuchFileError: return String(cString: strerror(ENOENT))
        case NSFileReadNoPermissionError: return String(cString: strerror(EACCES))
        default: return error.localizedDescription
        }
    }
}

/// What a refused configuration file holds, for ``CLIError/configuration(file:_:)``.
enum ConfigurationProblem: Sendable, Equatable {
    /// The file cannot be read (the reason, in the system's words).
    case unreadable(String)
    /// The file is not JSON, or not an object.
    case notAnObject
    /// A key that is no long option of `serve`.
    case unknownKey(String)
    /// A key that would hold the AI key itself.
    case inlineKey(String)
    /// A value of the wrong JSON type.
    case wrongType(key: String, expected: LocalizedText)
    /// A value the flag refuses (its message).
    case badValue(key: String, message: String)
}

extension Wire.JSONValue {
    /// A string, or a number as it is written (a whole one without a fraction), as a flag's
    /// text; `nil` for anything else.
    var flagText: String? {
        switch self {
        case .string(let text): text
        case .number(let value):
            if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { String(Int(value)) } else { String(value) }
        default: nil
        }
    }
}
