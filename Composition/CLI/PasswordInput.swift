#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WellnessComposition

/// A password from standard input: typed at a hidden prompt on a terminal (twice when
/// `confirm`), else the first line of what is piped in. Never from the command line, where
/// other users and the shell history would see it.
struct PasswordInput {
    let context: CLIContext

    init(_ context: CLIContext) {
        self.context = context
    }

    /// `prompt` and `repeatPrompt` (asked when `confirm`) are what a terminal shows.
    func read(confirm: Bool, prompt label: String = "Password: ", repeatPrompt: String = "Repeat the password: ")
        throws -> String {
        let input = context.input
        guard input.isTerminal, let fd = input.fileDescriptor else {
            guard let line = input.readLine(), !line.isEmpty else { throw CLIError.noPassword }
            return line
        }
        let password = try prompt(label, fd)
        if confirm, try prompt(repeatPrompt, fd) != password { throw CLIError.passwordMismatch }
        return password
    }

    /// A change of password: on a terminal the current one, then the new one twice, each asked
    /// for (hidden) with the prompts of `text`; otherwise the first line piped in is the current
    /// password and the second the new one.
    func readChange(_ text: Localizer) throws -> (current: String, new: String) {
        let input = context.input
        guard input.isTerminal, input.fileDescriptor != nil else {
            guard let current = input.readLine(), !current.isEmpty else { throw CLIError.noPassword }
            guard let new = input.readLine(), !new.isEmpty else { throw CLIError.noNewPassword }
            return (current, new)
        }
        let current = try read(confirm: false, prompt: text.string("cli.password.current"))
        let new = try read(confirm: true, prompt: text.string("cli.password.new"),
                           repeatPrompt: text.string("cli.password.repeatNew"))
        return (current, new)
    }

    private func prompt(_ text: String, _ fd: Int32) throws -> String {
        context.errors.write(text)
        var original = termios()
        tcgetattr(fd, &original)
        var hidden = original
        hidden.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(fd, TCSAFLUSH, &hidden)
        defer {
            tcsetattr(fd, TCSAFLUSH, &original)
            context.errors.write("\n")
        }
        guard let line = context.input.readLine(), !line.isEmpty else { throw CLIError.noPassword }
        return line
    }
}
