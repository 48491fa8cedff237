// swift-tools-version: 6.1
import PackageDescription

// The field engine alone, for an app that depends on it by path: no command-line package, no
// test generator, nothing resolved or checked out but this (issue 36). Its sources are the
// repository's own (Sources/MoneyFieldEngine, through a link), built by the root package too.
let package = Package(
    name: "MoneyFieldEngine",
    platforms: [.macOS(.v15)],
    products: [.library(name: "MoneyFieldEngine", targets: ["MoneyFieldEngine"])],
    targets: [
        // ICU's C API for two facts a first field needs; Foundation's module map names no library
        // to link, so the one it ships is named here (as in the root manifest).
        .target(name: "MoneyFieldEngine", linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
    ]
)
