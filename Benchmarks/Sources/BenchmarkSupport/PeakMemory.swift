#if canImport(Glibc)
import Glibc
#endif

/// Peak resident memory of a command, as `ru_maxrss` of a child forked from a small process.
///
/// A child spawned from this (large) benchmark inherits the benchmark's resident pages until
/// exec, and Linux folds those into `ru_maxrss`; so the benchmark starts itself afresh with
/// `--peak-of COMMAND…`, small, and that process forks and execs the command.
public enum PeakMemory {
    /// Runs `command` (`command[0]` a path) as a forked child and returns its peak RSS in bytes.
    public static func ofChild(_ command: [String]) -> Int? {
        let argv = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let pid = fork()
        if pid == 0 {
            let null = open("/dev/null", O_WRONLY)
            dup2(null, 1)
            dup2(null, 2)
            execv(argv[0]!, argv)
            _exit(127)
        }
        guard pid > 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        guard (status & 0x7f) == 0, (status >> 8) & 0xff == 0 else { return nil }
        return usage.ru_maxrss * 1024
    }
}
