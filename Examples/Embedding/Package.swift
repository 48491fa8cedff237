// swift-tools-version: 6.1
import PackageDescription

// An app's view of moneyfield: the engine library by path, nothing else.
let package = Package(
    name: "Embedding",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "moneyfield", path: "../..")],
    targets: [
        .executableTarget(name: "Embedding", dependencies: [.product(name: "MoneyFieldEngine", package: "moneyfield")]),
    ]
)
