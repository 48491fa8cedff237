import CProcess
import Foundation

/// A command run with `sh -c` in a process group of its own, holding only its three pipes: what
/// it starts in the background shares no descriptor of ours, and ending it ends the whole group.
package final class ChildProcess: @unchecked Sendable {
    package let pid: pid_t
    /// Ours: write to its stdin, read its stdout and its stderr. -1 once closed.
    package private(set) var input: Int32
    package private(set) var output: Int32
    package private(set) var errorOutput: Int32
    private var status: Int32?
    /// Polls readable once it has exited (a pidfd), so a wait for its output also sees it end
    /// even while a helper it started keeps that output open; -1 where there is none.
    private var exitWatch: Int32 = -1
    /// Set once the group was ended: a second end must not signal a group number since reused.
    private var ended = false

    package enum StartError: Error, Equatable {
        case failed(String)
    }

    package init(shellCommand command: String) throws(StartError) {
        var stdin: [Int32] = [-1, -1], stdout: [Int32] = [-1, -1], stderr: [Int32] = [-1, -1]
        guard moneyfield_cloexec_pipe(&stdin) == 0, moneyfield_cloexec_pipe(&stdout) == 0, moneyfield_cloexec_pipe(&stderr) == 0 else {
            throw .failed("cannot make pipes: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderr[1], 2)
        // Nothing else of ours reaches it (a helper it starts must not keep our pipes open).
        moneyfield_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(command), nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, environ)
        for end in [stdin[0], stdout[1], stderr[1]] { close(end) }
        guard spawned == 0 else {
            for end in [stdin[1], stdout[0], stderr[0]] { close(end) }
            throw .failed("cannot run sh -c: \(String(cString: strerror(spawned)))")
        }
        pid = child
        input = stdin[1]
        output = stdout[0]
        errorOutput = stderr[0]
        exitWatch = moneyfield_pidfd_open(child)
    }

    deinit { end(grace: .milliseconds(300)) }

    /// Hands its stderr to a reader that closes it at end of file (a thread that follows it).
    package func takeErrorOutput() -> Int32 {
        defer { errorOutput = -1 }
        return errorOutput
    }

    /// Closes our end of its stdin: it reads end of input.
    package func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Writes to its stdin; a write to a child that stopped reading fails with EPIPE and raises
    /// no SIGPIPE, whatever the host program does with that signal. The count written, or -1 and errno.
    package func writeInput(_ bytes: UnsafeRawBufferPointer) -> Int {
        moneyfield_write_no_sigpipe(input, bytes.baseAddress, UInt(bytes.count))
    }

    /// Bytes written to its stdin that it has not read yet (0 when unknown).
    package var unreadInput: Int {
        input >= 0 ? max(0, Int(moneyfield_unread_bytes(input))) : 0
    }

    package enum Wait: Equatable, Sendable {
        /// Its stdout has bytes, or its end (every writer closed it).
        case readable
        /// It has exited; its stdout may still hold what it wrote last.
        case exited
        /// Nobody reads its stdin any more (asked only with `watchingInput`).
        case inputClosed
        case timedOut
        /// A signal came in meanwhile.
        case interrupted
    }

    /// Waits at most `milliseconds` until its stdout is readable or it has exited, whichever
    /// comes first: a helper of its that keeps its stdout open does not hide its exit. With
    /// `watchingInput`, also until nobody reads its stdin.
    package func waitForOutput(milliseconds: Int32, watchingInput: Bool = false) -> Wait {
        if exitWatch < 0 {
            // No pidfd: look at its exit between short slices.
            let start = ContinuousClock.now
            while true {
                if poll() != nil { return .exited }
                let spent = Int32((ContinuousClock.now - start) / .milliseconds(1))
                guard spent < milliseconds else { return .timedOut }
                var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                let ready = Foundation.poll(&descriptor, 1, min(20, milliseconds - spent))
                if ready < 0 && errno == EINTR { return .interrupted }
                if ready > 0 { return .readable }
            }
        }
        // A pipe's writing end polls POLLERR once its last reader is gone (no event need be asked).
        var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: exitWatch, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: watchingInput ? input : -1, events: 0, revents: 0)]
        let ready = Foundation.poll(&descriptors, 3, milliseconds)
        if ready < 0 { return errno == EINTR ? .interrupted : .timedOut }
        if descriptors[0].revents != 0 { return .readable }
        if descriptors[1].revents != 0 { return .exited }
        if descriptors[2].revents != 0 { return .inputClosed }
        return .timedOut
    }

    /// Waits at most `milliseconds` for it to exit; whether it has.
    package func waitForExit(milliseconds: Int32) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(milliseconds))
        while poll() == nil {
            let left = Int32(max(0, (deadline - ContinuousClock.now) / .milliseconds(1)))
            guard left > 0 else { return false }
            if exitWatch >= 0 {
                var descriptor = pollfd(fd: exitWatch, events: Int16(POLLIN), revents: 0)
                _ = Foundation.poll(&descriptor, 1, left)
            } else {
                usleep(2_000)
            }
        }
        return true
    }

    /// Whether it has exited, reaping it if so; its status once known.
    @discardableResult
    package func poll() -> Int32? {
        if status == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
        }
        return status
    }

    /// How it ended, in words: `status 3`, `signal 9`.
    package var exitDescription: String {
        guard let raw = poll() else { return "still running" }
        return raw & 0x7F == 0 ? "status \((raw >> 8) & 0xFF)" : "signal \(raw & 0x7F)"
    }

    /// Ends the whole group: end of input, a moment to leave on its own, TERM, then KILL after
    /// `grace`. Never waits longer than that.
    package func end(grace: Duration = .milliseconds(500)) {
        guard !ended else { return }
        ended = true
        closeInput()
        let group = pid
        _ = waitForExit(milliseconds: 100)
        // Its group may hold helpers even once the shell itself is gone.
        kill(-group, SIGTERM)
        _ = waitForExit(milliseconds: Int32(grace / .milliseconds(1)))
        kill(-group, SIGKILL)
        if poll() == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, 0) == pid { status = raw }
        }
        for descriptor in [output, errorOutput, exitWatch] where descriptor >= 0 { close(descriptor) }
        output = -1
        errorOutput = -1
        exitWatch = -1
    }
}
