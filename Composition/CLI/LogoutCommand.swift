import ArgumentParser
import Foundation
import WellnessClient
import WellnessComposition

/// `wellness logout [--everywhere]`.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "End the session on the server and forget the token.",
        discussion: """
        With --everywhere, every session of the account ends on the server (every device and \
        program logged in with it must log in again); the server must be reached for that, and \
        the login is kept until it was.
        """)
    @OptionGroup var options: GlobalOptions
    @Flag(help: "End every session of the account, on every device, not only this one.")
    var everywhere = false

    func run() async throws {
        try await Console.run(options) { console in
            // Check-ins still waiting go out before the session ends (they could not after).
            await console.wellness.drift.sendWaiting()
            let stored = everywhere ? try await console.client.session.logOutEverywhere()
                : try await console.client.session.logOut()
            if console.json { return try console.printJSON(["loggedOut": stored != nil]) }
            guard let stored else { return console.print(console.text.string("cli.session.none")) }
            console.print(console.text.string(everywhere ? "cli.logout.everywhere" : "cli.logout.done",
                                              .verbatim(stored.server.absoluteString)))
        }
    }
}
