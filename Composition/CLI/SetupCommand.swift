import ArgumentParser
import Foundation
import WellnessComposition

/// `wellness setup [--modules walks,feeding]`: the first-run module selection (seed 000). On a
/// terminal without `--modules`: ↑/↓ to move, space to switch a module on or off, enter to
/// save, q to leave without saving.
struct SetupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup", abstract: "Choose what to track: the first-run module selection.",
        discussion: "On a terminal: ↑/↓ move · space switches a module on or off · enter saves · q leaves unchanged.")
    @OptionGroup var options: GlobalOptions
    @Option(help: "The modules to switch on, comma-separated (every other one is switched off), or 'none'.",
            transform: parsed { try ModuleList.parse($0) })
    var modules: ModuleList?

    func run() async throws {
        if let modules {
            return try await Console.run(options) { console in
                try console.showSetUp(try await console.wellness.modules.setUp(modules.modules))
            }
        }
        let context = CLIContext.current
        guard context.input.isTerminal, context.output.isTerminal, let input = context.input.fileDescriptor,
              let output = context.output.fileDescriptor else {
            throw CLIError.notATerminal(command: "setup", instead: "wellness setup --modules walks,feeding")
        }
        try await Console.run(options) { console in
            var selection = ModuleSelection(settings: try await console.wellness.modules.list())
            console.context.output.flush()
            let terminal = RawTerminal(input: input, output: output)
            let chosen: Set<TrackingModule>? = {
                defer { terminal.restore() }
                while true {
                    terminal.draw(selection.screen(console.text))
                    switch selection.press(terminal.readKey()) {
                    case .saved(let modules): return modules
                    case .left: return nil
                    case .changed: continue
                    }
                }
            }()
            guard let chosen else { return console.print(console.text.string("cli.setup.unchanged")) }
            try console.showSetUp(try await console.wellness.modules.setUp(chosen))
        }
    }
}

/// `--modules walks,feeding` (or `none`): the modules to switch on.
struct ModuleList: Sendable {
    let modules: Set<TrackingModule>

    static func parse(_ text: String) throws(InvalidValue) -> ModuleList {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if names.map({ $0.lowercased() }) == ["none"] { return ModuleList(modules: []) }
        guard !names.isEmpty else {
            throw InvalidValue(kind: .module, value: text, valid: TrackingModule.allCases.map(\.rawValue) + ["none"])
        }
        var modules: Set<TrackingModule> = []
        for name in names { modules.insert(try TrackingModule.parse(name)) }
        return ModuleList(modules: modules)
    }
}

/// The interactive selection's state: which module the cursor is on and which are switched on
/// (the current settings to start with: the defaults on a first run).
struct ModuleSelection: Equatable {
    enum Outcome: Equatable {
        case changed
        case saved(Set<TrackingModule>)
        case left
    }

    private(set) var cursor = 0
    private(set) var chosen: Set<TrackingModule>

    init(settings: ModuleSettings) {
        chosen = Set(settings.enabledModules)
    }

    /// Applies one key press.
    mutating func press(_ key: RawTerminal.Key) -> Outcome {
        let modules = TrackingModule.allCases
        switch key {
        case .up, .character("k"): cursor = (cursor + modules.count - 1) % modules.count
        case .down, .character("j"): cursor = (cursor + 1) % modules.count
        case .character(" "), .right, .left:
            let module = modules[cursor]
            if chosen.contains(module) { chosen.remove(module) } else { chosen.insert(module) }
        case .enter: return .saved(chosen)
        case .quit: return .left
        case .character, .other: break
        }
        return .changed
    }

    /// The title, the subtitle, each module with its box and description, and the keys.
    func screen(_ text: Localizer) -> [String] {
        var lines = [text.string("onboarding.modules.title"), text.string("onboarding.modules.subtitle"), ""]
        for (index, module) in TrackingModule.allCases.enumerated() {
            let pointer = index == cursor ? ">" : " "
            let box = chosen.contains(module) ? "[x]" : "[ ]"
            lines.append("\(pointer) \(box) \(text.string(module.name)) — \(text.string(module.summary))")
        }
        lines += ["", text.string("cli.setup.keys", .verbatim(text.string("onboarding.continue")))]
        return lines
    }
}

extension Console {
    /// What `setup` saved: the module table, or its JSON array.
    func showSetUp(_ settings: ModuleSettings) throws {
        if json { return try printJSON(ModuleOutput.list(settings, text)) }
        print(text.string("cli.setup.saved"))
        print()
        try showModules(settings)
    }
}
