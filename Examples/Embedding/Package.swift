// swift-tools-version: 6.1
import PackageDescription

// An app's view of moneyfield: the engine package by path (Engine/, which depends on nothing).
let package = Package(
    name: "Embedding",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "MoneyFieldEngine", path: "../../Engine")],
    targets: [
        .executableTarget(name: "Embedding", dependencies: [.product(name: "MoneyFieldEngine", package: "MoneyFieldEngine")]),
    ]
)
