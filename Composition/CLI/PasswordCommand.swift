import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness password`: changes the logged-in account's password on its server.
struct PasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Change the password of the account you are logged in to.",
        discussion: """
        On a terminal it asks (hidden) for the current password, then twice for the new one; \
        otherwise it reads the current password from the first line of stdin and the new one \
        from the second. The new password follows the rules of `wellness users add`. Every other \
        session of the account ends (other devices must log in again); this one stays.
        """)
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            let change = try PasswordInput(console.context).readChange(console.text)
            let stored = try await console.client.account.changePassword(current: change.current, new: change.new)
            if console.json { return try console.printJSON(["changed": stored.email]) }
            console.print(console.text.string("cli.password.changed", .verbatim(stored.email),
                                              .verbatim(stored.server.absoluteString)))
        }
    }
}
