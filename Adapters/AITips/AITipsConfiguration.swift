import Foundation

/// Where an OpenAI-compatible tips service is and how to ask it.
public struct AITipsConfiguration: Sendable {
    /// The server's base URL, e.g. `http://127.0.0.1:11434` (Ollama), `http://127.0.0.1:8080`
    /// (llama.cpp's server) or `https://api.openai.com`; `/v1/chat/completions` is added (a base
    /// that already ends in `/v1` gets `/chat/completions`).
    public var baseURL: URL
    /// The model to ask, e.g. `llama3.2` or `gpt-4o-mini`.
    public var model: String
    /// Sent as `Authorization: Bearer …` when set; never printed or logged.
    public var apiKey: APIKey?
    /// How long one call may take in all, a retry after a 429 included.
    public var timeout: Duration
    /// The language the tips are asked in unless the context names its own (`en`, `nl`).
    public var language: String

    /// How long one call may take unless configured otherwise.
    public static let defaultTimeout: Duration = .seconds(20)
    /// A model name that works out of the box with Ollama.
    public static let defaultModel = "llama3.2"

    /// By default: `defaultModel`, no API key, `defaultTimeout` and tips in English.
    public init(baseURL: URL, model: String = Self.defaultModel, apiKey: APIKey? = nil,
                timeout: Duration = Self.defaultTimeout, language: String = "en") {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
        self.language = language
    }

    /// `POST` goes here.
    public var endpoint: URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base.hasSuffix("/v1") ? base + "/chat/completions" : base + "/v1/chat/completions") ?? baseURL
    }
}

/// A secret that never shows itself: its description, debug description and dump are
/// `<redacted>`, so it cannot end up in a log line or an error message by interpolation.
public struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    let value: String

    /// `nil` for an empty (or all white space) key.
    public init?(_ value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        self.value = trimmed
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
