import Foundation

/// A failure of the terminal front end, printed as `error: …`.
struct ShellFailure: Error, LocalizedError {
    let message: String
    init(_ message: String) { self.message = message }
    var errorDescription: String? { message }
}
