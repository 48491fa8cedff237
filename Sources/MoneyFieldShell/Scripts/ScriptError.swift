import Foundation

/// A script that cannot be read or run, with where and what to do.
@_spi(Tools) public enum ScriptError: Error, Equatable, Sendable, LocalizedError {
    /// `missing`: the file is not there (a hint about where relative paths start may help).
    case unreadable(path: String, reason: String, missing: Bool = false)
    case malformed(path: String, line: Int, reason: String)

    @_spi(Tools) public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason, _): "\(path): \(reason)"
        case .malformed(let path, let line, let reason): "\(path):\(line): \(reason)"
        }
    }
}
