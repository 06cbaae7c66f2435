#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A password from standard input: typed at a hidden prompt on a terminal (twice when
/// `confirm`), else the first line of what is piped in. Never from the command line, where
/// other users and the shell history would see it.
struct PasswordInput {
    let context: CLIContext

    init(_ context: CLIContext) {
        self.context = context
    }

    func read(confirm: Bool) throws -> String {
        let input = context.input
        guard input.isTerminal, let fd = input.fileDescriptor else {
            guard let line = input.readLine(), !line.isEmpty else { throw CLIError.noPassword }
            return line
        }
        let password = try prompt("Password: ", fd)
        if confirm, try prompt("Repeat the password: ", fd) != password { throw CLIError.passwordMismatch }
        return password
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
