import ArgumentParser
import Foundation
import WellnessComposition

/// The `wellness` command line as a function: it parses `arguments`, runs the command against
/// the given environment and streams, and returns the exit status. Nothing here calls `exit`,
/// so it runs in-process as well as in the `wellness` executable (whose `@main` only passes
/// the process's own environment and streams).
///
/// Exit statuses: 0 done; 1 the command failed (one line on standard error, `wellness: …`);
/// 3 a feature is locked on this tier; 64 a flag or value was refused before anything ran.
public enum WellnessCLI {
    public static func run(arguments: [String], environment: [String: String],
                           standardInput: CLIInput, standardOutput: CLIOutput, standardError: CLIOutput,
                           workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath,
                                                       isDirectory: true)) async -> Int32 {
        let context = CLIContext(environment: environment, input: standardInput, output: standardOutput,
                                 errors: standardError, workingDirectory: workingDirectory, arguments: arguments)
        let status = await CLIContext.$current.withValue(context) { await run(arguments, context) }
        standardOutput.flush()
        standardError.flush()
        return status
    }

    private static func run(_ arguments: [String], _ context: CLIContext) async -> Int32 {
        var command: any ParsableCommand
        do {
            command = try WellnessCommand.parseAsRoot(arguments)
        } catch {
            return report(parsing: error, context)
        }
        if let serve = command as? ServeCommand, let file = serve.configurationFile(context) {
            // The file's settings become arguments, parsed with the typed ones.
            let merged: [String]
            do {
                merged = try ServeConfigurationFile.arguments(arguments, file: file, context: context)
            } catch {
                context.errors.write("wellness: \(CLIMessages(locale: context.locale).message(for: error))\n")
                return ExitCode.validationFailure.rawValue
            }
            do {
                command = try WellnessCommand.parseAsRoot(merged)
            } catch {
                return report(parsing: error, context)
            }
        }
        do {
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                var command = command
                try command.run()
            }
            return 0
        } catch let failure as CLIFailure {
            if !failure.message.isEmpty { context.errors.write("wellness: \(failure.message)\n") }
            return failure.status
        } catch let exit where exit is ExitCode || exit is CleanExit {
            return report(parsing: exit, context)
        } catch where String(reflecting: type(of: command)).hasPrefix("ArgumentParser.") {
            // ArgumentParser's own commands (`--help` on a command group, `help`) throw its
            // internal errors, which only it can word.
            return report(parsing: error, context)
        } catch {
            // An error outside `Console.run` (before any store was opened): worded the same way.
            context.errors.write("wellness: \(CLIMessages(locale: context.locale).message(for: error))\n")
            return 1
        }
    }

    /// A parsing error, `--help` or an exit code, as ArgumentParser words it: help on standard
    /// output, errors (with the usage) on standard error.
    private static func report(parsing error: any Error, _ context: CLIContext) -> Int32 {
        let status = WellnessCommand.exitCode(for: error).rawValue
        let message = WellnessCommand.fullMessage(for: error)
        if !message.isEmpty { (status == 0 ? context.output : context.errors).write(message + "\n") }
        return status
    }
}
