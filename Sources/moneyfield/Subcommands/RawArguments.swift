import Foundation
import MoneyFieldIO

/// The command line's own bytes: the argument parser hands over Strings, in which a file name
/// that is not UTF-8 (`caf\xE9.session`) has become U+FFFD and names no file.
enum RawArguments {
    /// Arguments that are not UTF-8, as bytes, in order.
    private static let undecodable: [[UInt8]] = (1..<Int(CommandLine.argc)).compactMap { index in
        guard let argument = CommandLine.unsafeArgv[index] else { return nil }
        let bytes = Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        return String(validating: bytes, as: UTF8.self) == nil ? bytes : nil
    }

    /// Each of `arguments` as the bytes it was typed as: one that holds U+FFFD is matched, in
    /// order, with the command line's undecodable arguments that read as it.
    static func paths(_ arguments: [String]) -> [(path: RawPath, given: String)] {
        var unused = undecodable
        return arguments.map { argument in
            if argument.unicodeScalars.contains("\u{FFFD}"),
               let index = unused.firstIndex(where: { String(decoding: $0, as: UTF8.self) == argument }) {
                return (RawPath(bytes: unused.remove(at: index)), argument)
            }
            return (RawPath(argument), argument)
        }
    }
}
