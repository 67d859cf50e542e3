// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, which differs from clone to clone.
let parentPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Benchmarks live in their own package so that `make test` never builds package-benchmark.
// Run them with `make bench` (or `swift package benchmark` here).
let package = Package(
    name: "OpenTextKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ContentBenchmarks",
            dependencies: [
                .product(name: "OpenTextKit", package: parentPackage),
                .product(name: "TextMeasurement", package: parentPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ContentBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
