// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "moneyfield",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MoneyFieldEngine", targets: ["MoneyFieldEngine"]),
        .library(name: "MoneyFieldShell", targets: ["MoneyFieldShell"]),
        .executable(name: "moneyfield", targets: ["moneyfield"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "MoneyFieldEngine"),
        .executableTarget(
            name: "moneyfield",
            dependencies: [
                "MoneyFieldEngine",
                "MoneyFieldShell",
                "CLibEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
        .target(name: "MoneyFieldShell", dependencies: ["MoneyFieldEngine"]),
        .target(name: "MoneyFieldTestSupport", dependencies: ["MoneyFieldEngine", "MoneyFieldShell"]),
        .testTarget(
            name: "MoneyFieldEngineTests",
            dependencies: [
                "MoneyFieldEngine",
                "MoneyFieldShell",
                "MoneyFieldTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "MoneyFieldShellTests",
            dependencies: ["MoneyFieldEngine", "MoneyFieldShell", "MoneyFieldTestSupport", "moneyfield"]),
        .testTarget(name: "TerminalTests", dependencies: ["moneyfield", "MoneyFieldTestSupport"]),
    ]
)
