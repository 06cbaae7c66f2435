import ArgumentParser
import Foundation
import WellnessClient
import WellnessComposition

/// `wellness login --server URL --email E`.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to a Wellness server; check-ins then sync to it and tips, insights and trends come from it.",
        discussion: "The password is read from stdin, or asked for (hidden) on a terminal; never from the command line.")
    @OptionGroup var options: GlobalOptions
    @Option(help: "The server, e.g. http://127.0.0.1:8080.") var server: String
    @Option(help: "Your account's email address.") var email: String
    @Flag(help: "Allow http:// to a server that is not this machine (the password and token travel unencrypted).")
    var insecure = false

    func run() async throws {
        try await Console.run(options) { console in
            guard console.client.configuration.store != .memory else { throw CLIError.loginNeedsStore }
            let url = try LogIn.serverURL(server, allowInsecure: insecure)
            if LogIn.isInsecure(url) {
                console.warn(console.text.string("cli.login.insecure", .verbatim(url.host ?? server)))
            }
            let password = try PasswordInput(console.context).read(confirm: false)
            let stored = try await console.client.session.logIn(server: url, email: email, password: password)
            if console.json { return try console.printJSON(LoginOutput(stored)) }
            console.print(console.text.string("cli.login.done", .verbatim(stored.server.absoluteString),
                                              .verbatim(stored.email)))
        }
    }
}

/// `{"server", "email", "expiresAt"}` (never the token).
struct LoginOutput: Encodable {
    let server: String
    let email: String
    let expiresAt: Date

    init(_ stored: StoredCredentials) {
        server = stored.server.absoluteString
        email = stored.email
        expiresAt = stored.expiresAt
    }
}
