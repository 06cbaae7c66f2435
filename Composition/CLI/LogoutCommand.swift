import ArgumentParser
import Foundation
import WellnessClient
import WellnessComposition

/// `wellness logout`.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "End the session on the server and forget the token.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            // Check-ins still waiting go out before the session ends (they could not after).
            await console.wellness.drift.sendWaiting()
            let stored = try await console.client.session.logOut()
            if console.json { return try console.printJSON(["loggedOut": stored != nil]) }
            guard let stored else { return console.print(console.text.string("cli.session.none")) }
            console.print(console.text.string("cli.logout.done", .verbatim(stored.server.absoluteString)))
        }
    }
}
