import ArgumentParser
import Foundation

/// `--database postgres://…` (or `WELLNESS_DATABASE_URL`): the server's accounts and their data
/// in one PostgreSQL database instead of the data directory.
struct DatabaseOption: ParsableArguments {
    @Option(name: .customLong("database"),
            help: ArgumentHelp("Keep the accounts and their data in PostgreSQL (default: WELLNESS_DATABASE_URL; without either, the data directory).",
                               valueName: "postgres://USER@HOST:PORT/DB"))
    var database: String?

    /// The URL given, or the environment's; `nil` for the data directory.
    func url(_ context: CLIContext) -> String? {
        if let database { return database }
        return context.variable("WELLNESS_DATABASE_URL").flatMap { $0.isEmpty ? nil : $0 }
    }
}
