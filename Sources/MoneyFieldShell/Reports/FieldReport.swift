import Foundation
import MoneyFieldEngine

/// Everything about one field, as `inspect` lines and as `inspect --json`.
struct FieldReport {
    let name: String
    let field: MoneyField

    init(_ entry: FieldEntry) {
        name = entry.name
        field = entry.field
    }

    var lines: [String] {
        let configuration = field.configuration
        let rendering = field.rendering
        let limits = [configuration.minimum.map { "min \($0)" }, configuration.maximum.map { "max \($0)" }].compactMap { $0 }
        let stops = configuration.mode == .natural ? "units" : "digit slots"
        var lines = [
            "field: \(name)",
            "locale: \(configuration.locale) (\(Locale(identifier: "en").localizedString(forIdentifier: configuration.locale) ?? "?"))",
            "currency: \(configuration.currency) (\(CurrencyCatalog.name(of: configuration.currency)))",
            "mode: \(configuration.mode.rawValue)",
            "fraction digits: \(configuration.fractionDigits)" + (configuration.decimalsOverride != nil ? " (--decimals)" : ""),
            "display: \(rendering.display)",
            "escaped: \(VisibleText.escaped(rendering.display))",
            "caret: \(rendering.caretOffset) UTF-16 units, \(field.state.caretSlotsFromEnd) \(stops) from the end: \(VisibleText.escaped(field.marked))",
            "selection: " + (field.selectionRange.map { "UTF-16 \($0.lowerBound)..<\($0.upperBound)" } ?? "none"),
            "value: \(field.value)",
            "minor units: \(field.minorUnits)",
            "negative: \(field.state.isNegative)",
            "digits: \(field.state.digitString)",
            "max digits: \(configuration.maxDigits)",
            "limits: \(limits.isEmpty ? "none" : limits.joined(separator: ", "))",
            "negatives: \(configuration.allowsNegative ? "allowed" : "not allowed")",
            "accounting: \(configuration.accounting ? "yes" : "no")",
            "display style: \(configuration.display.rawValue)" + (configuration.emptyWhenZero ? ", empty when zero" : ""),
            "format: \(field.isCompiledFormat ? "compiled from ICU" : "ICU formatter (could not be compiled)")",
        ]
        if configuration.mode == .natural {
            let point = field.state.typedFraction.map { "typed, \($0) of \(configuration.fractionDigits) fraction digits after it" }
            lines.insert("point: " + (point ?? "not typed"), at: 5)
        }
        return lines
    }

    var json: String {
        let configuration = field.configuration
        let rendering = field.rendering
        var members: [(String, String)] = [
            ("field", JSON.string(name)),
            ("locale", JSON.string(configuration.locale)),
            ("currency", JSON.string(configuration.currency)),
            ("mode", JSON.string(configuration.mode.rawValue)),
            ("fractionDigits", String(configuration.fractionDigits)),
            ("display", JSON.string(rendering.display)),
            ("caret", String(rendering.caretOffset)),
            ("value", field.isEmpty ? "null" : JSON.string(field.value)),
            ("minorUnits", field.isEmpty ? "null" : field.minorUnits),
            ("negative", String(field.state.isNegative)),
            ("digits", JSON.string(field.state.digitString)),
            ("maxDigits", String(configuration.maxDigits)),
            ("selection", field.selectionRange.map { "[\($0.lowerBound),\($0.upperBound)]" } ?? "null"),
            ("caretSlots", String(field.state.caretSlotsFromEnd)),
            ("allowNegative", String(configuration.allowsNegative)),
            ("accounting", String(configuration.accounting)),
            ("displayStyle", JSON.string(configuration.display.rawValue)),
            ("empty", String(field.isEmpty)),
        ]
        if configuration.mode == .natural {
            members.append(("point", String(field.state.typedFraction != nil)))
            members.append(("fractionTyped", String(field.state.typedFraction ?? 0)))
        }
        if let maximum = configuration.maximum { members.append(("max", JSON.string(maximum.description))) }
        if let minimum = configuration.minimum { members.append(("min", JSON.string(minimum.description))) }
        return "{" + members.map { JSON.string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}

/// Just enough JSON writing for one-line reports whose key order is part of the contract.
enum JSON {
    static func string(_ text: String) -> String {
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
