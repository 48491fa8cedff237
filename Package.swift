// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "moneyfield",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MoneyFieldEngine", targets: ["MoneyFieldEngine"]),
        .library(name: "MoneyFieldIO", targets: ["MoneyFieldIO"]),
        .library(name: "MoneyFieldShell", targets: ["MoneyFieldShell"]),
        .library(name: "MoneyFieldCheck", targets: ["MoneyFieldCheck"]),
        .executable(name: "moneyfield", targets: ["moneyfield"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // The field: pure values, no I/O, no shell words.
        // ICU's C API for two facts a first field needs (ICUData.swift); Foundation's module
        // map names no library to link, so the one it ships is named here.
        .target(name: "MoneyFieldEngine", linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
        // The one place that touches files, child processes and escapes outside text for a terminal.
        .target(name: "MoneyFieldIO", dependencies: ["CProcess"]),
        // The C calls Swift cannot see: pipe2, posix_spawn's closefrom, and fts for walking folders.
        .target(name: "CProcess"),
        // The shell without a terminal: commands, sessions, keys, completion, recording.
        .target(name: "MoneyFieldShell", dependencies: ["MoneyFieldEngine", "MoneyFieldIO"]),
        // Session scripts replayed as tests (runner, reports) and as demos (plan, casts).
        .target(name: "MoneyFieldScripts", dependencies: ["MoneyFieldEngine", "MoneyFieldIO", "MoneyFieldShell"]),
        // `check`: the plan of sessions, the adapter protocol, the checker and shrinker.
        .target(name: "MoneyFieldCheck", dependencies: ["MoneyFieldEngine", "MoneyFieldIO", "MoneyFieldShell"]),
        // The executable: subcommands, front ends (batch, interactive, kiosk, demo player), the terminal.
        .executableTarget(
            name: "moneyfield",
            dependencies: [
                "MoneyFieldEngine",
                "MoneyFieldIO",
                "MoneyFieldShell",
                "MoneyFieldScripts",
                "MoneyFieldCheck",
                "CLibEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The functions a start runs, for the shipped build's layout (scripts/build-release).
            exclude: ["startup.order"]),
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
        .target(name: "MoneyFieldTestSupport", dependencies: ["MoneyFieldEngine", "MoneyFieldIO", "MoneyFieldShell", "MoneyFieldScripts"]),
        .testTarget(
            name: "MoneyFieldEngineTests",
            dependencies: [
                "MoneyFieldEngine",
                // SplitMix64, the seeded generator check's plan uses too.
                "MoneyFieldIO",
                "MoneyFieldTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        // check's plan, shrinker, grouping, steering, merge and reference adapter, with no process started.
        .testTarget(
            name: "MoneyFieldCheckTests",
            dependencies: ["MoneyFieldEngine", "MoneyFieldIO", "MoneyFieldShell", "MoneyFieldCheck", "MoneyFieldTestSupport"]),
        .testTarget(
            name: "MoneyFieldShellTests",
            dependencies: ["MoneyFieldEngine", "MoneyFieldIO", "MoneyFieldShell", "MoneyFieldScripts", "MoneyFieldCheck", "MoneyFieldTestSupport"]),
        // Suites that start the built program (or tmux) as a user would.
        .testTarget(
            name: "ProgramTests",
            dependencies: ["MoneyFieldEngine", "MoneyFieldIO", "MoneyFieldShell", "MoneyFieldScripts", "MoneyFieldCheck", "MoneyFieldTestSupport", "moneyfield"]),
        .testTarget(name: "TerminalTests", dependencies: ["moneyfield", "MoneyFieldTestSupport"]),
    ]
)
