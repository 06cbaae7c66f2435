import Foundation
import WellnessClient
import WellnessComposition

/// `WELLNESS_SERVER_TIMEOUT`: how many seconds a call to the server may wait for its answer
/// before the server counts as unreachable for the rest of the command (5 by default). Tips
/// from the server wait for its AI as long as `WELLNESS_TIPS_TIMEOUT` says (20 by default), then
/// as long again.
enum ServerTimeoutSetting {
    static let variable = "WELLNESS_SERVER_TIMEOUT"

    /// The timeouts of the run's environment.
    static func timeouts(in context: CLIContext) throws -> ServerTimeouts {
        let response = try seconds(variable, in: context) ?? ServerTimeouts.defaultResponse
        let ai = try seconds("WELLNESS_TIPS_TIMEOUT", in: context) ?? AITipsSettings.defaultTimeout
        return ServerTimeouts(response: response, aiTimeout: ai)
    }

    private static func seconds(_ name: String, in context: CLIContext) throws -> Duration? {
        guard let text = context.variable(name) else { return nil }
        guard let value = Double(text), value.isFinite, value > 0, value <= 600 else {
            throw CLIError.invalidValue(source: name, value: text, expected: LocalizedText("cli.expected.tipsTimeout"))
        }
        return .milliseconds(Int((value * 1000).rounded()))
    }
}
