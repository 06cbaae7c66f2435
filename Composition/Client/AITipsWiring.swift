import Foundation
import Logging
import WellnessAITips
import WellnessApplication
import WellnessComposition
import WellnessDomain
import WellnessInMemory
import WellnessJSONFile

/// What a person set for AI tips (`WELLNESS_TIPS_URL` and its kin, or the matching flags).
public struct AITipsSettings: Sendable {
    /// The OpenAI-compatible server's base URL (`http` or `https`).
    public var url: URL
    /// The model to ask; `defaultModel` (`llama3.2`) by default.
    public var model: String
    /// Sent as `Authorization: Bearer …` when set; never printed or logged. `nil` by default.
    public var apiKey: APIKey?
    /// How long one call may take in all, a retry after a 429 included; 20 seconds by default.
    public var timeout: Duration
    /// The person allows sending to a destination on another machine (and it is remembered).
    public var allowRemote: Bool

    /// Settings for the server at `url`; by default `defaultModel`, no key, a 20-second timeout
    /// and `allowRemote` off.
    public init(url: URL, model: String = AITipsConfiguration.defaultModel, apiKey: APIKey? = nil,
                timeout: Duration = AITipsConfiguration.defaultTimeout, allowRemote: Bool = false) {
        self.url = url
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
        self.allowRemote = allowRemote
    }

    /// The model asked when none is named.
    public static let defaultModel = AITipsConfiguration.defaultModel
    /// How long a call may take when nothing else is said: 20 seconds.
    public static let defaultTimeout = AITipsConfiguration.defaultTimeout

    /// `scheme://host[:port]` of ``url``: what is shown and remembered.
    public var destination: String { RemoteTipsGate.destination(of: url) }
    /// Whether ``url`` names this machine (nothing needs allowing then).
    public var isLoopback: Bool { RemoteTipsGate.isLoopback(host: url.host ?? "") }

    /// The tips service of these settings for `configuration`'s data directory and language:
    /// the OpenAI-compatible service behind a `RemoteTipsGate`, whose choices are kept in
    /// `tips-consent.json` there (in memory for the memory store). Set it as
    /// `WellnessConfiguration.tipsService`: the rules answer whenever it cannot.
    public func service(for configuration: WellnessConfiguration) throws -> any GoalTipsService {
        let consents: any TipsConsentRepository = configuration.store == .memory
            ? InMemoryTipsConsentRepository()
            : JSONFileTipsConsentRepository(store: try JSONFileStore(directory: configuration.dataDirectory,
                                                                     logger: configuration.logger))
        var logger = configuration.logger
        logger[metadataKey: "component"] = "tips"
        let ai = OpenAICompatibleTipsService(
            AITipsConfiguration(baseURL: url, model: model, apiKey: apiKey, timeout: timeout,
                                language: configuration.locale.rawValue),
            logger: logger)
        return RemoteTipsGate(ai, url: url, consents: consents, allowNow: allowRemote)
    }
}
