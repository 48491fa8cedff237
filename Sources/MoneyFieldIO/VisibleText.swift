/// The one escaper: makes characters visible as `\u{202F}`, for `inspect` and for everything from
/// outside (script lines, captions, file names, echoed arguments) before it reaches a terminal.
@_spi(Tools) public enum VisibleText {
    /// Which characters a text shows escaped.
    package enum Rule: Sendable {
        /// Everything an operator could not tell apart on screen: spaces other than U+0020,
        /// format and control characters (`inspect`, diffs of invisible differences).
        case invisible
        /// Only what would act on the terminal instead of showing: control characters (a tab
        /// stays), and bidi embeddings, overrides and isolates, which reorder the text after them.
        /// ICU's own marks in displays (U+200F, U+061C) and its spaces stay as they are.
        case terminalUnsafe
    }

    /// `text` with each character the rule picks written as `\u{XXXX}`.
    package static func escaped(_ text: String, _ rule: Rule = .invisible) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, rule) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, rule) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A word from outside as a message quotes it: in double quotes, escaped as `inspect` escapes,
    /// so `type 5` with a zero-width space reads `"\u{200B}"`, never as empty quotes.
    package static func quoted(_ text: some StringProtocol) -> String { "\"" + escaped(String(text)) + "\"" }

    /// What may be printed to a terminal as it stands.
    @_spi(Tools) public static func terminalSafe(_ text: String) -> String { escaped(text, .terminalUnsafe) }

    package static func needsEscape(_ scalar: Unicode.Scalar, _ rule: Rule) -> Bool {
        let value = scalar.value
        let control = value < 0x20 || (0x7F...0x9F).contains(value)
        switch rule {
        case .terminalUnsafe:
            return (control && scalar != "\t") || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                || value == 0x2028 || value == 0x2029
        case .invisible:
            if scalar == "\\" { return false }
            if scalar.isASCII { return control }
            let properties = scalar.properties
            return control || properties.isWhitespace || properties.isDefaultIgnorableCodePoint
                || properties.generalCategory == .format || properties.generalCategory == .spaceSeparator
        }
    }

    /// `text` with each `\u{XXXX}` escape (1 to 6 hex digits) written back as its character: how a
    /// script's expected line may write a space nobody types (U+00A0, U+202F).
    package static func unescaped(_ text: String) -> String {
        guard text.firstRange(of: "\\u{") != nil else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstRange(of: "\\u{") {
            result += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            if let close = after.firstIndex(of: "}"), (1...6).contains(after.distance(from: after.startIndex, to: close)),
               let value = UInt32(after[..<close], radix: 16), let scalar = Unicode.Scalar(value) {
                result.unicodeScalars.append(scalar)
                rest = after[after.index(after: close)...]
            } else {
                result += rest[start]
                rest = after
            }
        }
        return result + rest
    }

    /// Whether `escaped` would change the text.
    package static func hasInvisible(_ text: String) -> Bool { text.unicodeScalars.contains { needsEscape($0, .invisible) } }
}

extension String {
    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    package func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }

    package func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// Each scalar `replacement` gives text for, replaced by it. Matched scalar by scalar for
    /// escaping: the standard library's `replacing` matches Characters, and a quote that a
    /// combining mark follows is one Character with it, so it would slip through unescaped.
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let text = replacement(scalar) { result += text } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
