import Foundation
import WellnessComposition

/// A problem with what the person typed or set that the parser cannot see, or with the
/// terminal. Worded by ``CLIMessages`` like every other error.
enum CLIError: Error, Sendable, Equatable {
    /// A flag, argument or environment variable that is not a valid value (`source` names it).
    case invalidValue(source: String, value: String, expected: LocalizedText)
    /// An interactive command (`deck swipe`, `setup`) was run without a terminal to draw on;
    /// `instead` is the command line that does the same without one.
    case notATerminal(command: String, instead: String)
    /// No password came on standard input.
    case noPassword
    /// `wellness password` got its current password on standard input, but no new one after it.
    case noNewPassword
    /// The two passwords typed did not match.
    case passwordMismatch
    /// `login` with the in-memory store: the login would be gone when the command ends.
    case loginNeedsStore
    /// Standard input could not be read.
    case unreadableInput(String)
    /// A weight file or health export that could not be imported (nothing was): the file, then
    /// where and why (the import error's message).
    case notImported(file: String, LocalizedText)
    /// A backup archive that could not be restored (nothing was): the file, then where and why.
    case notRestored(file: String, LocalizedText)
    /// A `serve` configuration file (`--config`, `WELLNESS_CONFIG`) that cannot be used: the
    /// file, then what is wrong with it.
    case configuration(file: String, ConfigurationProblem)
}

/// Ends a run with a status: `message` (already worded; empty for none) goes to standard error.
struct CLIFailure: Error {
    let message: String
    let status: Int32

    /// A locked feature (the upgrade message was printed already).
    static let locked = CLIFailure(message: "", status: 3)
}
