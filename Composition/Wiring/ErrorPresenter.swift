import Foundation
import WellnessDomain

/// Words errors for people, in their language: every ``WellnessError`` through the string
/// tables (`error.<family>.<code>`), an adapter's error by its own description. The one place
/// errors become text; the CLI adds its own hints on top, an app may show these as they are.
public struct ErrorPresenter: Sendable {
    public let localizer: Localizer

    public init(localizer: Localizer) {
        self.localizer = localizer
    }

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
