import Foundation

/// A path as the system spells it: bytes, which need not be UTF-8 (a name made in Latin-1,
/// `caf\xE9.session`). A `String` or `URL` would turn such bytes into U+FFFD and name another
/// file; these bytes open the file `cat` would read.
package struct RawPath: Sendable, Hashable {
    /// The path's bytes, without a terminating NUL.
    package let bytes: [UInt8]

    package init(_ path: String) { bytes = Array(path.utf8) }
    package init(bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }

    package var isUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// As messages show it: the UTF-8 text, each byte that is not part of it written `\xE9`.
    package var shown: String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var result = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                result.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] {
                    result += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
                offset += length
            case .emptyInput:
                return result
            }
        }
    }

    /// The path for folder arithmetic and messages; not for opening (its bad bytes are U+FFFD).
    package var url: URL { URL(fileURLWithPath: String(decoding: bytes, as: UTF8.self)) }

    package var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// `self/name`, with no second slash after a folder that ends in one.
    package func appending(_ name: RawPath) -> RawPath {
        if bytes.isEmpty { return name }
        return RawPath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + name.bytes : bytes + [UInt8(ascii: "/")] + name.bytes)
    }

    package func hasSuffix(_ text: String) -> Bool { bytes.count >= text.utf8.count && bytes.suffix(text.utf8.count).elementsEqual(text.utf8) }

    /// Calls `body` with the path as a C string, for `open` and `stat`.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { try body($0.baseAddress!) }
    }
}
