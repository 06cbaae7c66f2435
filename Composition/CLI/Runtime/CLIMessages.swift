import Foundation
import WellnessComposition

/// How the command line words an error: the composition root's presenter for the core's
/// errors (in the person's language), the CLI's own errors from its `cli.error.*` strings, and
/// then a hint that only makes sense here — which flag or command to use next.
struct CLIMessages {
    let presenter: ErrorPresenter

    init(localizer: Localizer) {
        presenter = ErrorPresenter(localizer: localizer)
    }

    init(locale: WellnessLocale) {
        self.init(localizer: CLIMessages.localizer(locale))
    }

    /// The core's tables with the CLI's own on top.
    static func localizer(_ locale: WellnessLocale) -> Localizer {
        Localizer(locale: locale, overlay: bundle)
    }

    /// The bundle of the CLI's own string tables.
    static var bundle: Bundle { .module }

    var text: Localizer { presenter.localizer }

    /// The message for `error`, with the CLI's hint after it.
    func message(for error: any Error) -> String {
        let message = (error as? CLIError).map(words) ?? presenter.message(for: error)
        guard let hint = Self.hint(for: error) else { return message }
        return message + "; " + text.string(hint)
    }

    private func words(_ error: CLIError) -> String {
        switch error {
        case let .invalidValue(source, value, expected):
            text.string("cli.error.invalidValue", .verbatim(source), .verbatim(value), .text(expected))
        case let .notATerminal(command, instead):
            text.string("cli.error.notATerminal", .verbatim(command), .verbatim(instead))
        case .noPassword: text.string("cli.error.noPassword")
        case .noNewPassword: text.string("cli.error.noNewPassword")
        case .passwordMismatch: text.string("cli.error.passwordMismatch")
        case .loginNeedsStore: text.string("cli.login.memory")
        case .unreadableInput(let reason): text.string("cli.error.unreadableInput", .verbatim(reason))
        case let .notImported(file, cause):
            text.string("cli.error.notImported", .verbatim(file), .text(cause))
        case let .notRestored(file, cause):
            text.string("cli.error.notRestored", .verbatim(file), .text(cause))
        case let .configuration(file, problem):
            switch problem {
            case .unreadable(let reason): text.string("cli.config.unreadable", .verbatim(file), .verbatim(reason))
            case .notAnObject: text.string("cli.config.notAnObject", .verbatim(file))
            case .unknownKey(let key): text.string("cli.config.unknownKey", .verbatim(file), .verbatim(key))
            case .inlineKey(let key): text.string("cli.config.inlineKey", .verbatim(file), .verbatim(key))
            case let .wrongType(key, expected):
                text.string("cli.config.wrongType", .verbatim(file), .verbatim(key), .text(expected))
            case let .badValue(key, message):
                text.string("cli.config.badValue", .verbatim(file), .verbatim(key), .verbatim(message))
            }
        }
    }

    /// What to type next, for the errors where the CLI knows.
    static func hint(for error: any Error) -> LocalizedText? {
        switch error {
        case DriftError.alreadyCheckedIn: LocalizedText("cli.hint.replace")
        case DriftError.locked: LocalizedText("cli.hint.upgrade")
        case GoalTipsError.goalNotFound: LocalizedText("cli.hint.listGoals")
        case let error as GoalReferenceError:
            LocalizedText(error.ambiguous ? "cli.hint.longerGoalID" : "cli.hint.listGoals")
        case ClientSessionError.notLoggedIn: LocalizedText("cli.hint.logIn")
        case ClientSessionError.insecureServer: LocalizedText("cli.hint.insecure")
        case ClientSessionError.sessionEnded(let server, let email):
            LocalizedText("cli.hint.logInAgain", [.verbatim(server.absoluteString), .verbatim(email)])
        case WellnessDemoError.storeNotEmpty: LocalizedText("cli.hint.freshDemo")
        case ModuleOffError.off(let module): LocalizedText("cli.hint.enableModule", [.verbatim(module.rawValue)])
        default: nil
        }
    }
}
