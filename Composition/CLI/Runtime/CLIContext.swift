import Foundation
import Logging
import WellnessComposition

/// What a run of the command line sees of the world: its environment, its three streams and
/// its working directory. The process passes its own; a test passes a sandbox. Commands read
/// it from ``current`` (a task-local), so runs in one process never see each other's.
struct CLIContext: Sendable {
    let environment: [String: String]
    let input: CLIInput
    let output: CLIOutput
    let errors: CLIOutput
    let workingDirectory: URL
    /// The arguments of the run, as typed.
    var arguments: [String] = []

    @TaskLocal static var current = CLIContext(environment: ProcessInfo.processInfo.environment,
                                               input: .standardInput, output: .standardOutput,
                                               errors: .standardError,
                                               workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath,
                                                                     isDirectory: true))

    /// A path the person typed, relative to the working directory unless absolute (`~/` is
    /// expanded with `HOME`).
    func path(_ text: String) -> String {
        if text == "~" || text.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty {
            return home + text.dropFirst()
        }
        guard !text.hasPrefix("/") else { return text }
        return workingDirectory.appendingPathComponent(text).path
    }

    /// What the person named to read: `-` is standard input, anything else a file (its path
    /// as ``path(_:)`` reads it).
    func source(_ file: String) throws -> any ByteSource {
        file == "-" ? input : try FileByteSource(path: path(file))
    }

    /// Writes what `body` hands to its `write` to what the person named: `-` is standard
    /// output; a file goes through `AtomicFileWriter` (links followed, a FIFO or device written
    /// through, a file replaced only once complete; `ownerOnly`: 0600 even over an existing one).
    func writeFile<Result>(_ file: String, ownerOnly: Bool = false,
                           _ body: (_ write: @escaping @Sendable ([UInt8]) throws -> Void) async throws -> Result)
        async throws -> Result {
        if file == "-" {
            let output = output
            return try await body { output.write($0) }
        }
        return try await AtomicFileWriter.write(to: path(file), ownerOnly: ownerOnly, body)
    }

    /// The language of the run's messages before its options are parsed (a value refused while
    /// parsing): the last valid `--locale` typed, else from `LANG`.
    var locale: WellnessLocale {
        var typed: WellnessLocale?
        var rest = arguments.prefix { $0 != "--" }[...]
        while let argument = rest.popFirst() {
            let value: String? = argument == "--locale" ? rest.first
                : argument.hasPrefix("--locale=") ? String(argument.dropFirst("--locale=".count)) : nil
            if let value, let locale = try? WellnessLocale.parse(value) { typed = locale }
        }
        return typed ?? WellnessLocale.fromEnvironment(environment)
    }

    /// A non-empty environment variable.
    func variable(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// Loggers of this run: to its standard error, at `WELLNESS_LOG_LEVEL` (default warning;
    /// info for `serve`, which logs each request), as text or JSON lines (`format`).
    func logger(_ label: String, serving: Bool = false, format: LogFormat = .text) -> Logger {
        let level = variable("WELLNESS_LOG_LEVEL").flatMap { Logger.Level(rawValue: $0) } ?? (serving ? .info : .warning)
        let errors = self.errors
        return Logger(label: label) { label in
            var handler = CLILogHandler(label: label, output: errors, format: format)
            handler.logLevel = level
            return handler
        }
    }
}
