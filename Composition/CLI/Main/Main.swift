import Foundation
import Logging
import WellnessCLI

/// The `wellness` executable: the command line run on this process's arguments, environment
/// and streams. Logs of libraries that make their own loggers go to standard error.
@main
enum Main {
    static func main() async {
        ProcessMemory.limitArenas()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        let status = await WellnessCLI.run(arguments: Array(CommandLine.arguments.dropFirst()),
                                           environment: ProcessInfo.processInfo.environment,
                                           standardInput: .standardInput, standardOutput: .standardOutput,
                                           standardError: .standardError)
        exit(status)
    }
}
