import ArgumentParser
import WellnessComposition

/// `wellness profile set|show`.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "The dog you track: name, birth date, age and life phase.",
        subcommands: [Show.self, Set.self],
        defaultSubcommand: Show.self)

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set the dog's name and birth date.")
        @OptionGroup var options: GlobalOptions
        @Option(help: "The dog's name.") var name: String
        @Option(help: "Birth date, YYYY-MM-DD.", transform: parsed(parseDay)) var birth: LocalDay

        func run() async throws {
            try await Console.run(options) { console in
                try console.showProfile(try await console.wellness.profile.set(name: name, birthDate: birth))
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the dog's profile.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                try console.showProfile(try await console.wellness.profile.get())
            }
        }
    }
}

extension Console {
    /// One line about the dog, or `null` in JSON when there is no profile.
    func showProfile(_ status: DogProfileStatus?) throws {
        if json { return try printJSON(status.map(ProfileOutput.init)) }
        guard let status else { return print(text.string("cli.profile.none")) }
        print(profileLine(status))
    }

    func profileLine(_ status: DogProfileStatus) -> String {
        text.string("cli.profile.summary", .verbatim(status.profile.name),
                    .verbatim(status.profile.birthDate.description), .number(status.ageInWeeks),
                    .text(status.lifePhase.name))
    }
}
