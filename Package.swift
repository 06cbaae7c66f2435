// swift-tools-version:6.0
// Wellness: a hexagonal wellness-tracker core. Dependencies point inward only:
// Domain <- Application <- Adapters <- Composition.
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Wellness",
    defaultLocalization: "en",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "WellnessDomain", targets: ["WellnessDomain"]),
        .library(name: "WellnessApplication", targets: ["WellnessApplication"]),
        .library(name: "WellnessInMemory", targets: ["WellnessInMemory"]),
        .library(name: "WellnessJSONFile", targets: ["WellnessJSONFile"]),
        .library(name: "WellnessSQLite", targets: ["WellnessSQLite"]),
        .library(name: "WellnessTips", targets: ["WellnessTips"]),
        .library(name: "WellnessHTTP", targets: ["WellnessHTTP"]),
        .library(name: "WellnessServer", targets: ["WellnessServer"]),
        .library(name: "WellnessComposition", targets: ["WellnessComposition"]),
        .library(name: "WellnessClient", targets: ["WellnessClient"]),
        .library(name: "WellnessServerHost", targets: ["WellnessServerHost"]),
        .library(name: "WellnessContractTesting", targets: ["WellnessContractTesting"]),
        .executable(name: "wellness", targets: ["wellness"]),
        .executable(name: "wellness-bench", targets: ["wellness-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Core
        .target(name: "WellnessDomain", path: "Domain", swiftSettings: strict),
        .target(name: "WellnessApplication", dependencies: ["WellnessDomain"],
                path: "Application", swiftSettings: strict),

        // MARK: - Adapters
        // The Codable documents the in-memory and JSON-file stores keep, with the port rules on them.
        .target(name: "WellnessStoreState", dependencies: ["WellnessApplication"],
                path: "Adapters/StoreState", swiftSettings: strict),
        .target(name: "WellnessInMemory", dependencies: ["WellnessApplication", "WellnessStoreState"],
                path: "Adapters/InMemory", swiftSettings: strict),
        .target(name: "WellnessFileSystem", path: "Adapters/FileSystem", swiftSettings: strict),
        .target(name: "WellnessJSONFile",
                dependencies: ["WellnessApplication", "WellnessStoreState", "WellnessFileSystem",
                               .product(name: "Logging", package: "swift-log")],
                path: "Adapters/JSONFile", swiftSettings: strict),
        .target(name: "WellnessSQLite",
                dependencies: ["WellnessApplication", "WellnessFileSystem",
                               .product(name: "GRDB", package: "GRDB.swift"),
                               .product(name: "GRDBSQLite", package: "GRDB.swift"),
                               .product(name: "Logging", package: "swift-log")],
                path: "Adapters/SQLite", swiftSettings: strict),

        .target(name: "WellnessTips", dependencies: ["WellnessApplication"],
                path: "Adapters/Tips", swiftSettings: strict),

        // The JSON the server and its clients exchange, shared by both sides.
        .target(name: "WellnessWire", dependencies: ["WellnessApplication"],
                path: "Adapters/Wire", swiftSettings: strict),
        // The HTTP client side: the remote ports over AsyncHTTPClient.
        .target(name: "WellnessHTTP",
                dependencies: ["WellnessApplication", "WellnessWire",
                               .product(name: "AsyncHTTPClient", package: "async-http-client"),
                               .product(name: "NIOCore", package: "swift-nio"),
                               .product(name: "NIOHTTP1", package: "swift-nio"),
                               .product(name: "NIOSSL", package: "swift-nio-ssl"),
                               .product(name: "Logging", package: "swift-log")],
                path: "Adapters/HTTP", swiftSettings: strict),
        // The server side: the API on Hummingbird 2, bcrypt passwords, hashed tokens.
        .target(name: "WellnessServer",
                dependencies: ["WellnessApplication", "WellnessWire",
                               .product(name: "Hummingbird", package: "hummingbird"),
                               .product(name: "HummingbirdCore", package: "hummingbird"),
                               .product(name: "HummingbirdTLS", package: "hummingbird"),
                               .product(name: "NIOSSL", package: "swift-nio-ssl"),
                               .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                               .product(name: "Crypto", package: "swift-crypto"),
                               .product(name: "NIOCore", package: "swift-nio"),
                               .product(name: "NIOPosix", package: "swift-nio"),
                               .product(name: "HTTPTypes", package: "swift-http-types"),
                               .product(name: "Logging", package: "swift-log")],
                path: "Adapters/Server", swiftSettings: strict),

        // MARK: - Composition roots
        // The local root: the stores, the tips stub and every local use case. No networking or
        // server module is in its dependency closure (`.ci/check-architecture` checks it), so an
        // app that links it links none of swift-nio, Hummingbird, AsyncHTTPClient or swift-crypto.
        .target(name: "WellnessComposition",
                dependencies: ["WellnessApplication", "WellnessInMemory", "WellnessJSONFile",
                               "WellnessSQLite", "WellnessTips", "WellnessFileSystem",
                               .product(name: "Logging", package: "swift-log")],
                path: "Composition/Wiring",
                resources: [.process("Resources")],
                swiftSettings: strict),
        // The client side: logging in to a server, syncing check-ins, remote reads over HTTP.
        .target(name: "WellnessClient",
                dependencies: ["WellnessComposition", "WellnessHTTP", "WellnessInMemory", "WellnessJSONFile",
                               .product(name: "AsyncHTTPClient", package: "async-http-client"),
                               .product(name: "Logging", package: "swift-log")],
                path: "Composition/Client", swiftSettings: strict),
        // The server side: the accounts' stores and the HTTP API they are served by.
        .target(name: "WellnessServerHost",
                dependencies: ["WellnessComposition", "WellnessServer", "WellnessInMemory", "WellnessJSONFile",
                               "WellnessSQLite", "WellnessTips",
                               .product(name: "Logging", package: "swift-log")],
                path: "Composition/ServerHost", swiftSettings: strict),
        // The command line as a library: parsing and presentation, run in-process by the tests.
        .target(name: "WellnessCLI",
                dependencies: ["WellnessComposition", "WellnessClient", "WellnessServerHost",
                               .product(name: "ArgumentParser", package: "swift-argument-parser"),
                               .product(name: "Logging", package: "swift-log")],
                path: "Composition/CLI", exclude: ["Main"], resources: [.process("Resources")],
                swiftSettings: strict),
        .executableTarget(name: "wellness",
                          dependencies: ["WellnessCLI", .product(name: "Logging", package: "swift-log")],
                          path: "Composition/CLI/Main", swiftSettings: strict),
        .executableTarget(name: "wellness-bench",
                          dependencies: ["WellnessComposition", "WellnessServerHost", "WellnessHTTP",
                                         .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                         .product(name: "GRDB", package: "GRDB.swift"),
                                         .product(name: "Logging", package: "swift-log")],
                          path: "Composition/Bench", swiftSettings: strict),

        // MARK: - Tests
        // Every repository contract as a library, so any adapter (ours or a third party's) can prove itself.
        .target(name: "WellnessContractTesting", dependencies: ["WellnessApplication"],
                path: "Tests/ContractTesting", swiftSettings: strict),
        .target(name: "WellnessTestSupport",
                dependencies: ["WellnessApplication", "WellnessComposition", "WellnessInMemory", "WellnessJSONFile",
                               "WellnessSQLite", "WellnessContractTesting"],
                path: "Tests/Support", swiftSettings: strict),
        .testTarget(name: "WellnessDomainTests", dependencies: ["WellnessDomain", "WellnessTestSupport"],
                    path: "Tests/DomainTests", swiftSettings: strict),
        .testTarget(name: "WellnessApplicationTests",
                    dependencies: ["WellnessApplication", "WellnessInMemory", "WellnessTestSupport"],
                    path: "Tests/ApplicationTests", swiftSettings: strict),
        .testTarget(name: "WellnessContractTests",
                    dependencies: ["WellnessApplication", "WellnessContractTesting", "WellnessTestSupport"],
                    path: "Tests/ContractTests", swiftSettings: strict),
        .testTarget(name: "WellnessAdapterTests",
                    dependencies: ["WellnessJSONFile", "WellnessSQLite", "WellnessFileSystem", "WellnessTestSupport",
                                   .product(name: "GRDB", package: "GRDB.swift")],
                    path: "Tests/AdapterTests", swiftSettings: strict),
        .testTarget(name: "WellnessCompositionTests",
                    dependencies: ["WellnessComposition", "WellnessTestSupport"],
                    path: "Tests/CompositionTests", swiftSettings: strict),
        .testTarget(name: "WellnessCLITests", dependencies: ["WellnessCLI", "wellness", "WellnessTestSupport"],
                    path: "Tests/CLITests", swiftSettings: strict),
        .testTarget(name: "WellnessServerTests",
                    dependencies: ["WellnessServer", "WellnessHTTP", "WellnessWire", "WellnessComposition",
                                   "WellnessServerHost", "WellnessClient",
                                   "WellnessTestSupport",
                                   .product(name: "AsyncHTTPClient", package: "async-http-client"),
                                   .product(name: "GRDB", package: "GRDB.swift"),
                                   .product(name: "Logging", package: "swift-log"),
                                   .product(name: "NIOCore", package: "swift-nio"),
                                   .product(name: "NIOHTTP1", package: "swift-nio")],
                    path: "Tests/ServerTests", swiftSettings: strict),
    ]
)
