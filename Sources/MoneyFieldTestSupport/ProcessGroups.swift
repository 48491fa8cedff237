import Foundation

/// Process groups a test started, asked about by their ids alone (`kill(-group, 0)`), the same
/// way on Linux and macOS: never a scan of the machine's processes, which would count a
/// neighbour's as ours, and never /proc, which macOS does not have.
package enum ProcessGroups {
    /// A command that writes nothing and runs until its process group is ended: it has no timer
    /// of its own that could run out before a deadline does, and no exit of its own that would
    /// hide a group left running (`sleep 30` has both). It needs a standard output that is open.
    package static let runUntilEnded = "tail -f /dev/null"

    /// The groups among `groups` that still hold a process once every group has ended or
    /// `limit` has passed, whichever comes first: empty when all of them ended. A member that
    /// has exited counts until it is reaped (by its parent, or by init once orphaned), so this
    /// waits for that state rather than looking once.
    package static func leftRunning(_ groups: Set<pid_t>, waitingUpTo limit: Duration = .seconds(30)) -> [pid_t] {
        let deadline = ContinuousClock.now + limit
        var left = groups.filter(hasMembers)
        while !left.isEmpty && ContinuousClock.now < deadline {
            usleep(20_000)
            left = left.filter(hasMembers)
        }
        return left.sorted()
    }

    /// Whether some process is in `group`. Signal 0 is checked, not sent: ESRCH means nobody
    /// is left, EPERM that somebody is. An id below 2 names no single group (`kill(-1, …)`
    /// reaches every process), so it is never taken for ended.
    package static func hasMembers(_ group: pid_t) -> Bool {
        guard group > 1 else { return true }
        return kill(-group, 0) == 0 || errno != ESRCH
    }
}
