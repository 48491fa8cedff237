// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for what reads untrusted text; scripts/fuzz builds them with
// -sanitize=fuzzer,address. SwiftPM renames an executable's main, so each target's main.swift
// hands its LLVMFuzzerTestOneInput to libFuzzer's driver itself.

let package = Package(
    name: "MoneyFieldFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "moneyfield", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzSession",
            dependencies: [.product(name: "MoneyFieldShell", package: "moneyfield"), .product(name: "MoneyFieldEngine", package: "moneyfield")]),
        .executableTarget(
            name: "FuzzTranscript",
            dependencies: [.product(name: "MoneyFieldShell", package: "moneyfield")]),
    ]
)
