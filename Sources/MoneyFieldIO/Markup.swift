/// Escaping for the machine-read formats moneyfield writes.
/// Just enough JSON writing for one-line reports whose key order is part of the contract.
package enum JSON {
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// XML text and attributes, for JUnit reports.
package enum XML {
    /// XML 1.0 text: the five specials as entities; characters XML cannot hold at all (most C0
    /// controls) written as `\u{XXXX}`, the same escape the terminal report uses.
    package static func text(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += VisibleText.escaped(String(scalar), .terminalUnsafe)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    package static func attribute(_ text: String) -> String {
        "\"" + Self.text(text).replacing("\n", with: "&#10;").replacing("\t", with: "&#9;") + "\""
    }
}
