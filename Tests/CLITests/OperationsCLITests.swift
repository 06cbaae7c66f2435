import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import WellnessTestSupport

/// `wellness serve --max-open-stores N` and the operations routes of the built server (issue 18).
@Suite("CLI: serve --max-open-stores, /healthz, /readyz, /metrics")
struct OperationsCLITests {
    @Test("--max-open-stores below 1 or not a number is a usage error naming the flag (exit 64)",
          arguments: ["0", "-3", "abc", "2.5"])
    func badMaxOpenStores(value: String) async throws {
        let cli = try Sandbox()
        let result = try await cli.run(["serve", "--port", "0", "--max-open-stores", value])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("--max-open-stores"), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }

    @Test("--max-open-stores 0 is worded in the run's language")
    func zeroInDutch() async throws {
        let cli = try Sandbox()
        let english = try await cli.run(["serve", "--max-open-stores", "0", "--locale", "en"])
        #expect(english.status == 64 && english.stderr.contains("--max-open-stores must be at least 1"), "\(english)")
        let dutch = try await cli.run(["serve", "--max-open-stores", "0", "--locale", "nl"])
        #expect(dutch.status == 64 && dutch.stderr.contains("--max-open-stores moet minstens 1 zijn"), "\(dutch)")
    }

    @Test("the built server with --max-open-stores 1 answers /healthz, /readyz and /metrics without a token")
    func servedBinary() async throws {
        let sandbox = try Sandbox()
        let server = try await ServerCLITests.ServerProcess(sandbox, options: ["--max-open-stores", "1"])
        defer { _ = server.stop() }
        for (path, type) in [("/healthz", "application/json"), ("/readyz", "application/json"), ("/metrics", "text/plain")] {
            let url = try #require(URL(string: server.url + path))
            var request = URLRequest(url: url)
            request.timeoutInterval = 60
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200, "\(path): \(String(decoding: data, as: UTF8.self))")
            #expect(http.value(forHTTPHeaderField: "Content-Type")?.hasPrefix(type) == true, "\(path)")
            if path == "/metrics" {
                let text = String(decoding: data, as: UTF8.self)
                #expect(text.contains(#"wellness_http_requests_total{method="GET",route="/healthz",status="200"} 1"#), "\(text)")
                #expect(text.contains("wellness_open_account_stores 0.0\n"), "\(text)")
            }
        }
    }
}
