import Foundation
import WellnessDomain

/// Words errors for people, in their language: every ``WellnessError`` through the string
/// tables (`error.<family>.<code>`), an adapter's error by its own description. The one place
/// errors become text; the CLI adds its own hints on top, an app may show these as they are.
public struct ErrorPresenter: Sendable {
    /// The string tables a `WellnessError`'s message is looked up in.
    public let localizer: Localizer

    /// Words errors with `localizer`'s tables (a front end's overlay included).
    public init(localizer: Localizer) {
        self.localizer = localizer
    }

    /// Words errors in `locale`, with the core's string tables only.
    public init(locale: WellnessLocale) {
        self.init(localizer: Localizer(locale: locale))
    }

    /// The message for `error`.
    public func message(for error: any Error) -> String {
        if let error = error as? any WellnessError {
            return localizer.string(error.message)
        }
        if let error = error as? any LocalizedError, let description = error.errorDescription {
            return description
        }
        return String(describing: error)
    }
}
