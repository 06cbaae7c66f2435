// swift-tools-version:6.0
// An example consumer of Wellness: a small app core that uses only the `WellnessComposition`
// product (no networking or server module is compiled for it), brings a storage adapter of its
// own, and proves that adapter with `WellnessContractTesting`.
import PackageDescription

let package = Package(
    name: "DogDiary",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "DogDiary", targets: ["DogDiary"]),
    ],
    dependencies: [
        .package(name: "Wellness", path: "../.."),
    ],
    targets: [
        .target(name: "DogDiary",
                dependencies: [.product(name: "WellnessComposition", package: "Wellness")],
                swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "DogDiaryTests",
                    dependencies: ["DogDiary",
                                   .product(name: "WellnessComposition", package: "Wellness"),
                                   .product(name: "WellnessContractTesting", package: "Wellness")],
                    swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
