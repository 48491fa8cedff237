// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that `swift test` at the root never builds them.
//   moneyfield-bench     one run, one report: ns/keystroke vs Foundation baselines with ratios,
//                        peak RSS of 1,000 fields, `moneyfield test` throughput and cold start.
//   one-amount           a static Swift program that prints one ICU-formatted amount: the
//                        floor `moneyfield test`'s cold start and peak memory are held to.
//   KeystrokeBenchmarks  the same keystroke workloads under ordo-one/benchmark, for malloc and
//                        ARC counts and baseline comparisons (`swift package benchmark`).
let package = Package(
    name: "moneyfield-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "moneyfield", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "BenchmarkSupport", dependencies: [.product(name: "MoneyFieldEngine", package: "moneyfield")]),
        .executableTarget(
            name: "moneyfield-bench",
            dependencies: ["BenchmarkSupport", .product(name: "MoneyFieldEngine", package: "moneyfield")]),
        .executableTarget(name: "one-amount"),
        // The harness's own logic: the page's table, finding `fit`, CPU time of a child and of a thread.
        .testTarget(name: "BenchmarkSupportTests", dependencies: ["BenchmarkSupport"]),
        .executableTarget(
            name: "KeystrokeBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MoneyFieldEngine", package: "moneyfield"),
            ],
            path: "Benchmarks/KeystrokeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
