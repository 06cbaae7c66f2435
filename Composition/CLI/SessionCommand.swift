import ArgumentParser
import Foundation
import WellnessClient
import WellnessComposition

/// `wellness session`: whether the stored login still holds.
struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session", abstract: "Show the login and check it with the server.")
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await Console.run(options) { console in
            await console.wellness.drift.sendWaiting()
            let status = try await console.client.session.status()
            if console.json { return try console.printJSON(SessionOutput(status)) }
            let text = console.text
            switch status {
            case .signedOut:
                console.print(text.string("cli.session.none"))
            case .active(let stored, let info):
                console.print(text.string("cli.session.active", .verbatim(stored.server.absoluteString),
                                          .verbatim(info.email), .text(info.tier.name),
                                          .verbatim(console.localTime(info.expiresAt))))
            case .unverified(let stored):
                console.print(text.string("cli.session.unverified", .verbatim(stored.server.absoluteString),
                                          .verbatim(stored.email)))
            }
        }
    }
}

/// `{"status": "signedOut"|"active"|"unverified", "server", "email", "tier", "expiresAt"}`.
struct SessionOutput: Encodable {
    let status: String
    let server: String?
    let email: String?
    let tier: Tier?
    let expiresAt: Date?

    init(_ status: SessionStatus) {
        switch status {
        case .signedOut:
            (self.status, server, email, tier, expiresAt) = ("signedOut", nil, nil, nil, nil)
        case .active(let stored, let info):
            (self.status, server, email, tier, expiresAt) = ("active", stored.server.absoluteString, info.email, info.tier,
                                                            info.expiresAt)
        case .unverified(let stored):
            (self.status, server, email, tier, expiresAt) = ("unverified", stored.server.absoluteString, stored.email, nil,
                                                            stored.expiresAt)
        }
    }
}
