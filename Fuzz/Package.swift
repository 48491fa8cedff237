// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for what reads untrusted text; scripts/fuzz builds them with
// -sanitize=fuzzer,address. FuzzDriver hands each target's LLVMFuzzerTestOneInput to libFuzzer.

let package = Package(
    name: "MoneyFieldFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "moneyfield", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzSession",
            dependencies: [
                "FuzzDriver", .product(name: "MoneyFieldShell", package: "moneyfield"), .product(name: "MoneyFieldEngine", package: "moneyfield"),
                .product(name: "MoneyFieldIO", package: "moneyfield"),
            ]),
        .executableTarget(
            name: "FuzzTranscript",
            dependencies: ["FuzzDriver", .product(name: "MoneyFieldShell", package: "moneyfield")]),
        .executableTarget(
            name: "FuzzCheck",
            dependencies: [
                "FuzzDriver", .product(name: "MoneyFieldCheck", package: "moneyfield"), .product(name: "MoneyFieldShell", package: "moneyfield"),
                .product(name: "MoneyFieldEngine", package: "moneyfield"), .product(name: "MoneyFieldIO", package: "moneyfield"),
            ]),
    ]
)
