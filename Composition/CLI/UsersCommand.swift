import ArgumentParser
import Foundation
import WellnessComposition
import WellnessServerHost

/// `wellness users add|list|remove|tier|passwd`: the server's accounts.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Accounts of the server in this data directory (or its PostgreSQL database).",
        subcommands: [Add.self, List.self, Remove.self, SetTier.self, Passwd.self, Export.self, Import.self], defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an account; the password is read from stdin (or asked for, hidden, on a terminal).")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The account's email address.") var email: String
        @Option(help: "free or pro.", transform: parsed(parseTier)) var tier: Tier = .free
        @Option(help: ArgumentHelp("The person's time zone, an IANA name such as Europe/Amsterdam (default: the server's until their app logs in and says its own).",
                                   valueName: "zone"))
        var zone: String?

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let password = try PasswordInput(console.context).read(confirm: true)
                let account = try await host.addAccount(email: email, password: password, tier: tier, timeZone: zone)
                if console.json { return try console.printJSON(AccountOutput(account, tier: tier)) }
                console.print(console.text.string("cli.users.added", .verbatim(account.email.rawValue), .text(tier.name)))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every account, by email.")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let accounts = try await host.accounts()
                var rows: [AccountOutput] = []
                for account in accounts { rows.append(AccountOutput(account, tier: try await host.tier(of: account.id))) }
                if console.json { return try console.printJSON(rows) }
                if rows.isEmpty { return console.print(console.text.string("cli.users.none")) }
                let text = console.text
                console.printTable(header: [text.string("cli.column.email"), text.string("cli.column.tier"),
                                            text.string("cli.column.zone"), text.string("cli.column.created"),
                                            text.string("cli.column.id")],
                                   rows: rows.map { [$0.email, $0.tier.rawValue, $0.timeZone ?? "–",
                                                     console.localTime($0.createdAt), $0.id] })
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an account, its sessions and all its data.")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The account's email or id.") var account: String

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let removed = try await host.removeAccount(account)
                if console.json { return try console.printJSON(["removed": removed.email.rawValue]) }
                console.print(console.text.string("cli.users.removed", .verbatim(removed.email.rawValue)))
            }
        }
    }

    struct SetTier: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tier", abstract: "Set an account's tier.")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The account's email or id.") var account: String
        @Argument(help: "free or pro.", transform: parsed(parseTier)) var tier: Tier

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let changed = try await host.setTier(tier, of: account)
                if console.json { return try console.printJSON(AccountOutput(changed, tier: tier)) }
                console.print(console.text.string("cli.users.tier", .verbatim(changed.email.rawValue), .text(tier.name)))
            }
        }
    }
}

extension UsersCommand {
    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set an account's password and end every session of it.",
            discussion: """
            The new password is read from stdin (or asked for twice, hidden, on a terminal) and \
            follows the rules of `users add`. Every device logged in to the account must log in \
            again, with the new password.
            """)
        @OptionGroup var options: GlobalOptions
        @OptionGroup var database: DatabaseOption
        @Argument(help: "The account's email or id.") var account: String

        func run() async throws {
            try await ServerConsole.run(options, database: database) { host, console in
                let password = try PasswordInput(console.context).read(
                    confirm: true, prompt: console.text.string("cli.password.new"),
                    repeatPrompt: console.text.string("cli.password.repeatNew"))
                let changed = try await host.resetPassword(of: account, to: password)
                if console.json { return try console.printJSON(["changed": changed.email.rawValue]) }
                console.print(console.text.string("cli.users.passwd", .verbatim(changed.email.rawValue)))
            }
        }
    }
}

/// `{"id", "email", "tier", "createdAt"}`.
struct AccountOutput: Encodable {
    let id: String
    let email: String
    let tier: Tier
    /// The account's IANA time zone; `null` while the server's counts.
    let timeZone: String?
    let createdAt: Date

    init(_ account: Account, tier: Tier) {
        id = account.id.description
        email = account.email.rawValue
        self.tier = tier
        timeZone = account.timeZone
        createdAt = account.createdAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(email, forKey: .email)
        try container.encode(tier, forKey: .tier)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(createdAt, forKey: .createdAt)
    }

    enum CodingKeys: String, CodingKey { case id, email, tier, timeZone, createdAt }
}
