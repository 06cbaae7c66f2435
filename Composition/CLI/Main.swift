import ArgumentParser
import Foundation
import Logging

/// Entry point: bootstraps logging (to stderr, `WELLNESS_LOG_LEVEL`, default warning; info for
/// `serve`) and runs
/// the command line.
@main
enum Main {
    static func main() async {
        // The server logs each request at info; other commands only warnings and worse.
        let serving = CommandLine.arguments.dropFirst().first == "serve"
        let level = ProcessInfo.processInfo.environment["WELLNESS_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) }
            ?? (serving ? .info : .warning)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        await WellnessCommand.main()
    }
}
