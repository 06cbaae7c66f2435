// The code of WellnessServerHost.docc/WellnessServerHost.md, compiled so the article stays true
// (`.ci/check-doc-snippets` checks that every block of it is here). Never called: it would
// listen on a port and open /var/lib.
import Foundation
import WellnessComposition
import WellnessServerHost

enum WellnessServerHostArticle {
    static func serve() async throws {
        let folder = URL(fileURLWithPath: "/var/lib/wellness", isDirectory: true)
        let host = try ServerHost.make(WellnessConfiguration(store: .sqlite, dataDirectory: folder))
        try await host.addAccount(email: "ann@example.com", password: "correct horse battery staple")
        try await host.serve(ServerConfiguration(port: 8080)) { port in
            print("listening on port \(port)")
        }
    }

    static func behindAProxy() throws -> ServerConfiguration {
        let configuration = ServerConfiguration(host: "10.0.0.5", port: 8080,
                                                trustedProxies: try TrustedProxies(["10.0.0.2"]))
        return configuration
    }

    static func onPostgres(folder: URL) async throws {
        let host = try await ServerHost.make(WellnessConfiguration(store: .sqlite, dataDirectory: folder),
                                             databaseURL: "postgres://wellness@db.internal/wellness?sslmode=verify-full")
        try await host.serve(ServerConfiguration(port: 8080)) { _ in }
        await host.shutdown()  // closes the database connections
    }
}
