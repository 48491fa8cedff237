import Foundation

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

/// libFuzzer's driver on `test` (a target's LLVMFuzzerTestOneInput) with the process's arguments.
/// SwiftPM renames an executable's `main`, so each target's main.swift calls this instead of
/// letting libFuzzer's own `main` run.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(runDriver(&argc, &argv, test))
}
