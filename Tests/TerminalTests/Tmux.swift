import Foundation
import MoneyFieldTestSupport
import Synchronization
import Testing

/// One `moneyfield` shell in a detached tmux pane, on a private server, with its own history
/// and state folders: keys go in with `send-keys`, the screen comes back with `capture-pane`.
final class Tmux {
    /// tmux on the PATH (or where package managers put it).
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
        return (path + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]).map { $0 + "/tmux" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var isInstalled: Bool { executable != nil }

    let socket = "moneyfield-test-\(UUID().uuidString.prefix(8))"
    let folder: URL
    let target = "shell"

    var historyFile: URL { folder.appendingPathComponent("history") }

    /// Where the program writes its process id as it starts (`programID`).
    var pidFile: URL { folder.appendingPathComponent("pid") }

    /// Starts the shell in a `columns`×`rows` window; `environment` adds to an isolated one (HOME,
    /// XDG_STATE_HOME and MONEYFIELD_HISTORY all inside a fresh temporary folder, UTF-8, no colour).
    init(arguments: [String] = [], environment: [String: String] = [:], historyVariable: Bool = true,
         columns: Int = 100, rows: Int = 30) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var variables = [
            "HOME": folder.path, "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            "LANG": "C.UTF-8", "TERM": "screen", "NO_COLOR": "1", "EDITRC": "/dev/null",
        ]
        if historyVariable { variables["MONEYFIELD_HISTORY"] = historyFile.path }
        variables.merge(environment) { $1 }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        // A shell that writes its own id and becomes the program (exec, as env does), so a test
        // can signal exactly the process it started.
        let command = (["sh", "-c", "echo $$ > \"$0\"; exec \"$@\"", pidFile.path, "env"]
            + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + [binary.path] + arguments).map(Self.quoted).joined(separator: " ")
        // The exit status is printed so a test can see how the shell ended; the pane stays.
        // sh only waits: Ctrl-C reaches the whole foreground group, and must not end the pane.
        // Then the pane stays until kill-server, with no timer of its own (and no `sleep` a
        // neighbour's process search could take for its own).
        let script = "trap : INT; \(command); echo \"[exit $?]\"; exec cat >/dev/null"
        try run(["new-session", "-d", "-x", String(columns), "-y", String(rows), "-s", target, "sh", "-c", script])
    }

    /// A pane of `columns`×`rows` that shows `file`'s bytes as a terminal draws them (`cat`), and
    /// nothing after: a recording's output played at its own size.
    init(showing file: URL, columns: Int, rows: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = "cat \(Self.quoted(file.path)); exec cat >/dev/null"
        try run(["new-session", "-d", "-x", String(columns), "-y", String(rows), "-s", target, "env", "TERM=xterm-256color", "sh", "-c", script])
    }

    /// The id of the program the pane runs, once it has started.
    func programID(sourceLocation: SourceLocation = #_sourceLocation) throws -> pid_t {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while clock.now < deadline {
            if let text = try? String(contentsOf: pidFile, encoding: .utf8), let id = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return id
            }
            Thread.sleep(forTimeInterval: 0.03)
        }
        Issue.record("the program never wrote its id", sourceLocation: sourceLocation)
        throw TmuxError.timedOut("the program's id")
    }

    /// The whole visible screen, every row (blank ones too, as empty strings), trailing spaces dropped.
    func rows() throws -> [String] {
        let text = try run(["capture-pane", "-p", "-t", target])
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    deinit {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Types text literally (no key names).
    func type(_ text: String) throws { try run(["send-keys", "-t", target, "-l", text]) }

    /// Presses keys by tmux name: `Enter`, `Tab`, `Up`, `Left`, `C-c`, `Escape` …
    func press(_ keys: String...) throws { try run(["send-keys", "-t", target] + keys) }

    /// Resizes the window, as a person dragging the terminal's corner would.
    func resize(columns: Int, rows: Int) throws { try run(["resize-window", "-t", target, "-x", String(columns), "-y", String(rows)]) }

    /// The visible screen, trailing blank lines dropped.
    func screen() throws -> String {
        let text = try run(["capture-pane", "-p", "-t", target])
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
            .reversed().drop { $0.isEmpty }.reversed().joined(separator: "\n")
    }

    /// The cursor's cell, counting from 0.
    func cursor() throws -> (column: Int, row: Int) {
        let text = try run(["display-message", "-p", "-t", target, "#{cursor_x} #{cursor_y}"])
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return (numbers.first ?? -1, numbers.dropFirst().first ?? -1)
    }

    /// Polls the screen until `condition` holds; fails the test with the last screen after `timeout`.
    @discardableResult
    func waitFor(
        _ what: String, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while clock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.03)
        }
        Issue.record("timed out after \(timeout) waiting for \(what); the screen was:\n\(last)", sourceLocation: sourceLocation)
        throw TmuxError.timedOut(what)
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitFor("\"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits until the last non-blank line is exactly `line` (a fresh prompt, say).
    @discardableResult
    func waitForLastLine(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitFor("last line \"\(line)\"", sourceLocation: sourceLocation) { $0.split(separator: "\n").last.map(String.init) == line }
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        // -f /dev/null: none of the user's tmux settings; -u: UTF-8 whatever the locale.
        let (status, output) = try Spawn.run(
            [Self.executable ?? "tmux", "-L", socket, "-f", "/dev/null", "-u"] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(["LANG": "C.UTF-8"]) { $1 }.filter { $0.key != "TMUX" })
        guard status == 0 || arguments.first == "kill-server" else {
            throw TmuxError.failed(arguments.joined(separator: " "), output)
        }
        return output
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

enum TmuxError: Error, CustomStringConvertible {
    case failed(String, String)
    case timedOut(String)

    var description: String {
        switch self {
        case .failed(let command, let output): "tmux \(command) failed: \(output)"
        case .timedOut(let what): "timed out waiting for \(what)"
        }
    }
}

/// Runs a program and collects what it prints, without Foundation's `Process`: that one learns
/// of the child's exit from a socket the child inherits, and the tmux server (a daemon forked
/// from the client) keeps it open, so `waitUntilExit` would wait for the server to end.
enum Spawn {
    /// Held from making a pipe until its writing end is closed, so no other test's child inherits it.
    private static let spawning = Mutex(())

    static func run(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
        try spawning.withLock { _ in try start(arguments, environment: environment) }.finish()
    }

    private struct Started {
        let child: pid_t
        let reading: Int32

        func finish() -> (status: Int32, output: String) {
            defer { close(reading) }
            var output: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                output += buffer[..<count]
            }
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            // WIFEXITED / WEXITSTATUS, which Swift does not import.
            let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            return (exitStatus, String(decoding: output, as: UTF8.self))
        }
    }

    private static func start(_ arguments: [String], environment: [String: String]) throws -> Started {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw TmuxError.failed(arguments.joined(separator: " "), "pipe: \(errno)") }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // A test thread blocks signals, and a child would inherit that: the tmux server would
        // then never see the SIGTERM that kill-server sends it. Children start clean.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var child: pid_t = 0
        let spawned = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw TmuxError.failed(arguments.joined(separator: " "), "posix_spawn: \(spawned)")
        }
        return Started(child: child, reading: pipeEnds[0])
    }
}
