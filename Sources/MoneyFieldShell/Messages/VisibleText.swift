/// Makes invisible and space-like characters visible: `1\u{202F}234,50\u{00A0}€`.
public enum VisibleText {
    /// Escapes everything an operator could not tell apart on screen; printable ASCII stays.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\\" { return false }
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        let properties = scalar.properties
        return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
            || properties.generalCategory == .format || properties.generalCategory == .control
            || properties.generalCategory == .spaceSeparator
    }

    /// Whether `escaped` would change the text.
    public static func hasInvisible(_ text: String) -> Bool { text.unicodeScalars.contains(where: needsEscape) }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }

    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
