import Foundation
import Testing
import WellnessTestSupport

/// The two CI checks of issue 35 catch what they are there for: a check that never fails would
/// let an iPhone app's build break, or the README promise a Swift that cannot build the package.
@Suite("CI checks: Apple platform APIs and the README's requirements")
struct CIChecksTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `.ci/<script> arguments` with python3.
    static func run(_ script: String, _ arguments: [String]) throws -> ChildProcess.Finished {
        let python = try #require(["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }, "python3")
        let finished = try ChildProcess.run(URL(fileURLWithPath: python),
                                            [root.appendingPathComponent(".ci/\(script)").path] + arguments,
                                            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], timeout: 60)
        return try #require(finished, "\(script) did not finish within 60 s")
    }

    static func planted(_ source: String, in directory: TemporaryDirectory, named name: String = "Planted.swift")
        throws -> String {
        let file = directory.file(name)
        try Data(source.utf8).write(to: file)
        return file.path
    }

    /// Foundation's process class, spelled apart so that `.ci/check-architecture` (which refuses
    /// it in tests) does not take the planted sources for a test starting a process.
    static let process = "Pro" + "cess"

    struct Plant: Sendable, CustomStringConvertible {
        let source: String
        let named: String
        var description: String { named }
    }

    static let violations: [Plant] = [
        Plant(source: "import Foundation\nlet home = FileManager.default.homeDirectoryForCurrentUser\n",
              named: "homeDirectoryForCurrentUser"),
        Plant(source: "import Foundation\nlet task = \(process)()\n", named: process),
        Plant(source: "import Foundation\nlet name = ProcessInfo.processInfo.fullUserName\n", named: "fullUserName"),
        Plant(source: "import Glibc\n", named: "Glibc"),
        Plant(source: "#if DEBUG\n@preconcurrency import FoundationNetworking\n#endif\n", named: "FoundationNetworking"),
        Plant(source: "#if os(Linux)\nimport Glibc\n#else\nimport Musl\n#endif\n", named: "Musl"),
        Plant(source: "import Observation\n@Observable\nfinal class Model {}\n", named: "Observable"),
        Plant(source: "import Observation\n@available(macOS 14, iOS 16, tvOS 17, watchOS 10, *)\n@Observable\nfinal class M {}\n",
              named: "Observable"),
    ]

    @Test("check-apple-apis fails on a planted use of an API iOS, tvOS or watchOS lacks, naming file and line",
          arguments: violations)
    func applePlatformViolation(plant: Plant) throws {
        let directory = try TemporaryDirectory()
        let file = try Self.planted(plant.source, in: directory)
        let result = try Self.run("check-apple-apis", [file])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("Planted.swift:"), "\(result)")
        #expect(result.standardError.contains(plant.named), "\(result)")
    }

    @Test("check-apple-apis passes guarded imports, Linux-only branches, comments, strings and marked models")
    func applePlatformAllowed() throws {
        let directory = try TemporaryDirectory()
        let file = try Self.planted("""
            import Foundation
            #if canImport(Glibc)
            import Glibc
            #elseif canImport(Musl)
            import Musl
            #endif
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            #if os(Linux)
            let home = FileManager.default.homeDirectoryForCurrentUser
            #endif
            #if canImport(Darwin)
            let here = NSHomeDirectory()
            #else
            let task = \(Self.process)()
            #endif
            // \(Self.process)() and homeDirectoryForCurrentUser in a comment
            let text = "\(Self.process)() homeDirectoryForCurrentUser"
            let info = ProcessInfo.processInfo.environment
            @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
            @MainActor @Observable
            final class Model {}
            """, in: directory)
        let result = try Self.run("check-apple-apis", [file])
        #expect(result.status == 0, "\(result)")
    }

    @Test("check-requirements fails when the README names a Swift older than a dependency's tools version")
    func requirementsTooLow() throws {
        let directory = try TemporaryDirectory()
        let readme = try Self.planted("Requirements: Swift 6.0 or later, on macOS 13.\n", in: directory, named: "README.md")
        let manifest = try Self.planted("// swift-tools-version:6.0\nlet platforms: [.macOS(.v13)]\n",
                                        in: directory, named: "Package.swift")
        let dependency = directory.url.appendingPathComponent("some-dependency", isDirectory: true)
        try FileManager.default.createDirectory(at: dependency, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.2\n".utf8).write(to: dependency.appendingPathComponent("Package.swift"))
        let tooLow = try Self.run("check-requirements", [readme, manifest, dependency.path])
        #expect(tooLow.status == 1, "\(tooLow)")
        #expect(tooLow.standardError.contains("Swift 6.0"), "\(tooLow)")
        #expect(tooLow.standardError.contains("some-dependency needs swift-tools-version 6.2"), "\(tooLow)")

        // A variant manifest for older toolchains lowers what the dependency needs.
        try Data("// swift-tools-version:6.0\n".utf8).write(to: dependency.appendingPathComponent("Package@swift-6.0.swift"))
        #expect(try Self.run("check-requirements", [readme, manifest, dependency.path]).status == 0)
    }

    @Test("check-requirements fails when the README leaves out a platform of Package.swift")
    func requirementsPlatformMissing() throws {
        let directory = try TemporaryDirectory()
        let readme = try Self.planted("Requirements: Swift 6.2 or later, on macOS 13.\n", in: directory, named: "README.md")
        let manifest = try Self.planted("// swift-tools-version:6.0\nplatforms: [.macOS(.v13), .iOS(.v16)],\n",
                                        in: directory, named: "Package.swift")
        let result = try Self.run("check-requirements", [readme, manifest])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("iOS 16"), "\(result)")
    }
}
