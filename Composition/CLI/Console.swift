import ArgumentParser
import Foundation
import WellnessComposition

/// Builds the container for a command, runs it, and turns any error into one line on stderr
/// and exit status 1. Output helpers live here so commands only say what to show.
struct Console {
    let wellness: Wellness
    let json: Bool

    var text: Localizer { wellness.localizer }
    var calendar: Calendar { wellness.time.calendar }

    /// Runs `body` with a container built from `options`.
    static func run(_ options: GlobalOptions, _ body: (Console) async throws -> Void) async throws {
        var login: StoredCredentials?
        do {
            let wellness = try Wellness.make(try options.configuration())
            login = wellness.server?.login
            try await body(Console(wellness: wellness, json: options.json))
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // A 401 already cleared the token (see `ClientSession.handleUnauthorized`): say so.
            if let login, Self.isUnauthorized(error) {
                fail(ClientSessionError.sessionEnded(server: login.server, email: login.email))
            }
            fail(error)
        }
    }

    /// Whether the server refused the session, whichever port reported it.
    static func isUnauthorized(_ error: any Error) -> Bool {
        switch error {
        case ApiFailure.unauthorized, GoalTipsError.serviceFailed(.unauthorized): true
        default: false
        }
    }

    /// Prints `wellness: <message>` on stderr and exits 1.
    static func fail(_ error: any Error) -> Never {
        let message = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
        FileHandle.standardError.write(Data("wellness: \(message)\n".utf8))
        Foundation.exit(1)
    }

    // MARK: - Output

    func print(_ line: String = "") {
        Swift.print(line)
    }

    /// Prints `value` as JSON (sorted keys, days as YYYY-MM-DD, instants as ISO 8601).
    func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.format(date))
        }
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Prints rows as columns aligned on their widest cell; the last column is not padded.
    func printTable(header: [String], rows: [[String]]) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            Swift.print(cells.joined(separator: "  ").trimmingTrailingSpaces())
        }
    }

    /// A local wall-clock time, `YYYY-MM-DD HH:MM`, in the person's time zone.
    func localTime(_ date: Date?) -> String {
        guard let date else { return text.string("cli.never") }
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return "\(LocalDay(date, in: calendar)) " + String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    func yesNo(_ value: Bool) -> String {
        text.string(value ? "cli.yes" : "cli.no")
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
