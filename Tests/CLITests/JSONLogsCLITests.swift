import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Testing
@testable import WellnessCLI
import WellnessTestSupport

/// `wellness serve --log-format json`: every line on stderr is one JSON object.
@Suite("CLI: JSON logs", .serialized)
struct JSONLogsCLITests {
    @Test("a JSON line escapes what JSON must, writes the request fields by name, and numbers as numbers")
    func jsonLine() throws {
        let line = CLILogHandler.jsonLine(
            time: Date(timeIntervalSince1970: 1_800_000_000.25), level: .info, label: "wellness",
            message: "request \"quoted\" \\ new\nline\t\u{1}\u{2028}é",
            metadata: ["hb.request.id": "abc123", "http.route": "/api/checkins/{date}", "http.status": "201",
                       "duration_ms": "12.5", "http.method": "PUT", "account": "9f0c", "message": "not the message"])
        #expect(line.hasSuffix("}\n"))
        #expect(line.filter { $0 == "\n" }.count == 1, "one line")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["time"] as? String == "2027-01-15T08:00:00.250Z")
        #expect(object["level"] as? String == "info")
        #expect(object["label"] as? String == "wellness")
        #expect(object["message"] as? String == "request \"quoted\" \\ new\nline\t\u{1}\u{2028}é")
        #expect(object["requestId"] as? String == "abc123")
        #expect(object["route"] as? String == "/api/checkins/{date}")
        #expect(object["method"] as? String == "PUT")
        #expect(object["status"] as? Int == 201)
        #expect(object["durationMs"] as? Double == 12.5)
        #expect(object["account"] as? String == "9f0c")
        #expect(line.hasPrefix("{\"time\":"), "time first, for people reading the raw lines")

        // A value that is not a number as JSON writes one stays a string.
        let odd = CLILogHandler.jsonLine(time: Date(), level: .warning, label: "x", message: "m",
                                         metadata: ["http.status": "nan", "duration_ms": "0x1p3"])
        let oddObject = try #require(try JSONSerialization.jsonObject(with: Data(odd.utf8)) as? [String: Any])
        #expect(oddObject["status"] as? String == "nan")
        #expect(oddObject["durationMs"] as? String == "0x1p3")
    }

    @Test("serve --log-format json: every stderr line parses as JSON; request lines carry id, route, status and duration")
    func serveLogsJSON() async throws {
        let serverData = try await ServerCLITests.serverDataWithAnn()
        let server = try await ServerCLITests.ServerProcess(serverData, options: ["--log-format", "json"],
                                                            environment: ["WELLNESS_LOG_LEVEL": "debug"])

        let base = server.url
        func send(_ method: String, _ path: String, body: String? = nil) async throws -> (Int, String?) {
            var request = URLRequest(url: try #require(URL(string: base + path)), timeoutInterval: 60)
            request.httpMethod = method
            if let body {
                request.httpBody = Data(body.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            let (_, response) = try await URLSession.shared.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            return (http.statusCode, http.value(forHTTPHeaderField: "X-Request-Id"))
        }
        let (unauthorized, requestID) = try await send("GET", "/api/auth/session")
        #expect(unauthorized == 401)
        let (login, _) = try await send("POST", "/api/auth/login",
                                        body: #"{"email": "ann@example.org", "password": "correct horse battery"}"#)
        #expect(login == 200)
        #expect(try await send("GET", "/healthz").0 == 200)

        let status = await offTheCooperativePool { server.stop() }
        #expect(status == 0)
        let text = await offTheCooperativePool { server.errorOutput() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(text.hasSuffix("\n"), "every line ends")
        #expect(lines.count >= 3, "\(text)")
        var requests: [[String: Any]] = []
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
            guard let object else { continue }
            #expect(object["time"] is String && object["level"] is String && object["message"] is String, "\(line)")
            if object["message"] as? String == "request" { requests.append(object) }
        }
        let session = try #require(requests.first { $0["route"] as? String == "/api/auth/session" }, "\(text)")
        #expect(session["status"] as? Int == 401)
        #expect(session["requestId"] as? String == requestID)
        #expect(session["method"] as? String == "GET")
        #expect(session["durationMs"] is Double || session["durationMs"] is Int)
        #expect(session["level"] as? String == "info")
        #expect(requests.contains { $0["route"] as? String == "/api/auth/login" && $0["status"] as? Int == 200 })
        #expect(requests.contains { $0["route"] as? String == "/healthz" && $0["level"] as? String == "debug" })
        #expect(!text.contains("correct horse battery"), "no password in the log")
    }

    @Test("serve refuses a log format it does not know, naming the option")
    func unknownFormat() async throws {
        let sandbox = try Sandbox()
        let refused = try await sandbox.raw(["serve", "--log-format", "xml", "--data-dir", sandbox.data.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--log-format") && refused.stderr.contains("text or json"), "\(refused)")
    }
}
