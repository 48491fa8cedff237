/// Why undo or redo did nothing: undo's own errors, not the field's.
package enum UndoError: Error, Equatable, Sendable, CustomStringConvertible {
    case nothingToUndo
    case nothingToRedo

    package var description: String {
        switch self {
        case .nothingToUndo: "nothing to undo"
        case .nothingToRedo: "nothing to redo"
        }
    }
}

/// Bounded undo and redo stacks of whole snapshots.
package struct UndoHistory<Snapshot: Sendable>: Sendable {
    private var past: [Snapshot] = []
    private var future: [Snapshot] = []
    package let limit: Int

    /// Keeps at most `limit` snapshots to undo; a limit below zero keeps none, like zero.
    package init(limit: Int = 1000) { self.limit = max(0, limit) }

    package var canUndo: Bool { !past.isEmpty }
    package var canRedo: Bool { !future.isEmpty }

    /// Remembers the state before a change; a new change forgets what could be redone.
    package mutating func record(_ before: Snapshot) {
        past.append(before)
        if past.count > limit { past.removeFirst(past.count - limit) }
        future.removeAll()
    }

    package mutating func undo(from current: Snapshot) throws(UndoError) -> Snapshot {
        guard let previous = past.popLast() else { throw .nothingToUndo }
        future.append(current)
        return previous
    }

    package mutating func redo(from current: Snapshot) throws(UndoError) -> Snapshot {
        guard let next = future.popLast() else { throw .nothingToRedo }
        past.append(current)
        return next
    }
}

/// Two histories agree when they would undo and redo to the same snapshots (a test compares a
/// session before and after a command that should change nothing).
extension UndoHistory: Equatable where Snapshot: Equatable {}
