#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How a child process ended and what it cost.
public struct ChildRun: Sendable {
    public let status: Int32
    public let wallNanoseconds: UInt64
    /// User plus system CPU time of the child.
    public let cpuNanoseconds: UInt64
    public let output: String
}

/// Runs `arguments[0]` (a path) with its arguments, waits, and measures it. Output is captured
/// only when asked, so timing runs pay for no pipe reading.
public func runChild(_ arguments: [String], captureOutput: Bool = false) -> ChildRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let outputPath = captureOutput ? NSTemporaryDirectory() + "moneyfield-bench-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).out" : "/dev/null"
    defer { if captureOutput { unlink(outputPath) } }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)

    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    guard spawned == 0 else {
        return ChildRun(status: -1, wallNanoseconds: 0, cpuNanoseconds: 0,
                        output: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let wall = DispatchTime.now().uptimeNanoseconds - start
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let output = captureOutput ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
    func nanoseconds(_ time: timeval) -> UInt64 { UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1000 }
    return ChildRun(status: exitStatus, wallNanoseconds: wall,
                    cpuNanoseconds: nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime),
                    output: output)
}

/// The path of an executable named `name` on `PATH`, if any.
public func whichExecutable(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(directory)/\(name)"
        if access(path, X_OK) == 0 { return path }
    }
    return nil
}
