import Foundation

/// A script that cannot be read or run, with where and what to do.
public enum ScriptError: Error, Equatable, Sendable, LocalizedError {
    case unreadable(path: String, reason: String)
    case malformed(path: String, line: Int, reason: String)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .malformed(let path, let line, let reason): "\(path):\(line): \(reason)"
        }
    }
}
