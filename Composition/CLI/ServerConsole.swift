import ArgumentParser
import Foundation
import WellnessComposition
import WellnessServerHost

/// Runs a `users` or `serve` command on the server host of the data directory; errors are
/// worded as in ``Console/run(_:_:)``.
enum ServerConsole {
    static func run(_ options: GlobalOptions, database: DatabaseOption, serving: Bool = false, tips: TipsOptions? = nil,
                    maxOpenStores: Int = ServerHost.defaultMaxOpenStores, logFormat: LogFormat = .text,
                    _ body: (ServerHost, ServerConsoleOutput) async throws -> Void) async throws {
        let context = CLIContext.current
        var messages = CLIMessages(locale: options.locale ?? WellnessLocale.fromEnvironment(context.environment))
        do {
            let configuration = try options.configuration(context, serving: serving, tips: tips, logFormat: logFormat)
            messages = CLIMessages(locale: configuration.locale)
            let host: ServerHost
            if let url = database.url(context) {
                host = try await ServerHost.make(configuration, databaseURL: url)
            } else {
                host = try ServerHost.make(configuration, maxOpenStores: maxOpenStores)
            }
            do {
                try await body(host, ServerConsoleOutput(text: messages.text, calendar: configuration.calendar,
                                                         json: options.json, context: context))
            } catch {
                await host.shutdown()
                throw error
            }
            await host.shutdown()
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure(message: messages.message(for: error), status: 1)
        }
    }
}

/// Output for the server's own commands (there is no single-user container to show).
struct ServerConsoleOutput {
    let text: Localizer
    let calendar: Calendar
    let json: Bool
    let context: CLIContext

    var messages: CLIMessages { CLIMessages(localizer: text) }

    func print(_ line: String = "") { context.output.write(line + "\n") }

    func printJSON(_ value: some Encodable) throws { try JSONOutput.print(value, to: context.output) }

    func printTable(header: [String], rows: [[String]]) { TableOutput.print(header: header, rows: rows, to: context.output) }

    func localTime(_ date: Date?) -> String { LocalTime.format(date, calendar: calendar, never: text.string("cli.never")) }
}
