import ArgumentParser
import WellnessComposition

/// `wellness modules list|enable|disable|reset|use`.
struct ModulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modules",
        abstract: "Choose which tracking modules are active.",
        subcommands: [List.self, Enable.self, Disable.self, Reset.self, Use.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every module, whether it is on, and its activity.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                try console.showModules(try await console.wellness.modules.list())
            }
        }
    }

    /// The module names `enable` and `disable` take.
    struct Selection: ParsableArguments {
        @Argument(help: "Modules: \(TrackingModule.allCases.map(\.rawValue).joined(separator: ", ")).",
                  transform: parsed { try TrackingModule.parse($0) })
        var modules: [TrackingModule]

        func apply(enabled: Bool, _ options: GlobalOptions) async throws {
            try await Console.run(options) { console in
                try console.showModules(try await console.wellness.modules.setEnabled(modules, enabled: enabled))
            }
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Switch modules on (records when).")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var selection: Selection

        func run() async throws { try await selection.apply(enabled: true, options) }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Switch modules off (their history is kept).")
        @OptionGroup var options: GlobalOptions
        @OptionGroup var selection: Selection

        func run() async throws { try await selection.apply(enabled: false, options) }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Switch on exactly the default modules again.")
        @OptionGroup var options: GlobalOptions

        func run() async throws {
            try await Console.run(options) { console in
                try console.showModules(try await console.wellness.modules.reset())
            }
        }
    }

    struct Use: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record that a module was used now.")
        @OptionGroup var options: GlobalOptions
        @Argument(help: "The module.", transform: parsed { try TrackingModule.parse($0) })
        var module: TrackingModule

        func run() async throws {
            try await Console.run(options) { console in
                let entry = try await console.wellness.modules.recordUse(module)
                if console.json { return try console.printJSON(ModuleOutput(entry, console.text)) }
                console.print(console.text.string("cli.modules.used", .text(module.name),
                                                  .verbatim(console.localTime(entry.lastUsed))))
            }
        }
    }
}

extension Console {
    /// The module table, or its JSON array.
    func showModules(_ settings: ModuleSettings) throws {
        if json { return try printJSON(ModuleOutput.list(settings, text)) }
        print(text.string("modules.title"))
        let rows = TrackingModule.allCases.map { module in
            let entry = settings.entry(for: module)
            return [module.rawValue, text.string(module.name), yesNo(entry.isEnabled),
                    entry.enabledAt.map(localTime) ?? "-", localTime(entry.lastUsed), text.string(module.summary)]
        }
        printTable(header: [text.string("cli.column.module"), text.string("cli.column.name"),
                            text.string("cli.column.enabled"), text.string("cli.column.enabledAt"),
                            text.string("cli.column.lastUsed"), text.string("cli.column.description")],
                   rows: rows)
    }
}
