import ArgumentParser
import Foundation
import WellnessClient
import WellnessComposition

/// The AI tips flags of `tips` and `serve`; each has an environment variable, which every other
/// command that shows tips reads too. Without a URL the rules give the tips.
struct TipsOptions: ParsableArguments {
    @Option(name: .customLong("tips-url"),
            help: "An OpenAI-compatible server for AI tips, e.g. http://127.0.0.1:11434 (Ollama). Env: WELLNESS_TIPS_URL.")
    var url: String?

    @Option(name: .customLong("tips-model"),
            help: "The model to ask (default \(AITipsSettings.defaultModel)). Env: WELLNESS_TIPS_MODEL.")
    var model: String?

    @Option(name: .customLong("tips-api-key-file"),
            help: "A file holding the API key (never on the command line). Env: WELLNESS_TIPS_API_KEY_FILE, or WELLNESS_TIPS_API_KEY.")
    var apiKeyFile: String?

    @Option(name: .customLong("tips-timeout"),
            help: "Seconds to wait for AI tips before the rules answer (default 20). Env: WELLNESS_TIPS_TIMEOUT.")
    var timeout: String?

    @Flag(name: .customLong("allow-remote"),
          help: "Allow sending the tips context to a tips server on another machine (remembered). Env: WELLNESS_TIPS_ALLOW_REMOTE=1.")
    var allowRemote = false

    /// The settings of these flags (`nil` for none typed) over the run's environment; `nil`
    /// without a URL.
    static func settings(_ flags: TipsOptions?, in context: CLIContext) throws -> AITipsSettings? {
        /// A flag's value, else its variable's, with the name an error gives.
        func value(_ flag: String?, _ flagName: String, _ variable: String) -> (text: String, source: String)? {
            if let flag { return (flag, flagName) }
            return context.variable(variable).map { ($0, variable) }
        }
        guard let (text, urlSource) = value(flags?.url, "--tips-url", "WELLNESS_TIPS_URL") else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty, url.user == nil, url.password == nil else {
            throw CLIError.invalidValue(source: urlSource, value: text, expected: LocalizedText("cli.expected.tipsURL"))
        }
        var settings = AITipsSettings(url: url)
        if let (model, source) = value(flags?.model, "--tips-model", "WELLNESS_TIPS_MODEL") {
            let trimmed = model.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else {
                throw CLIError.invalidValue(source: source, value: model, expected: LocalizedText("cli.expected.tipsModel"))
            }
            settings.model = trimmed
        }
        if let (file, source) = value(flags?.apiKeyFile, "--tips-api-key-file", "WELLNESS_TIPS_API_KEY_FILE") {
            settings.apiKey = try apiKey(inFile: context.path(file), source: source)
        } else if let key = context.variable("WELLNESS_TIPS_API_KEY") {
            settings.apiKey = APIKey(key)
        }
        if let (seconds, source) = value(flags?.timeout, "--tips-timeout", "WELLNESS_TIPS_TIMEOUT") {
            guard let value = Double(seconds), value.isFinite, value > 0, value <= 600 else {
                throw CLIError.invalidValue(source: source, value: seconds, expected: LocalizedText("cli.expected.tipsTimeout"))
            }
            settings.timeout = .milliseconds(Int((value * 1000).rounded()))
        }
        settings.allowRemote = flags?.allowRemote == true || context.variable("WELLNESS_TIPS_ALLOW_REMOTE") == "1"
        return settings
    }

    /// The key in `path` (its first line, trimmed); the error names the file, never its content.
    static func apiKey(inFile path: String, source: String) throws -> APIKey {
        guard let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8),
              let key = APIKey(text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "") else {
            throw CLIError.invalidValue(source: source, value: path, expected: LocalizedText("cli.expected.apiKeyFile"))
        }
        return key
    }
}
