import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

/// Everything about one field, as `inspect` lines and as `inspect --json`.
struct FieldReport {
    let name: String
    let field: MoneyField

    init(_ entry: FieldEntry) {
        name = entry.name
        field = entry.field
    }

    /// The field's state, a line each, then every setting, a line each from the option table.
    var lines: [String] {
        let configuration = field.configuration
        let rendering = field.rendering
        let stop = configuration.mode == .natural ? "unit" : "digit slot"
        var lines = [
            "field: \(name)",
            "fraction digits: \(configuration.fractionDigits)" + (configuration.decimals != nil ? " (\(FieldOption[\.decimals].name))" : ""),
            "display: \(rendering.display)",
            "escaped: \(VisibleText.escaped(rendering.display))",
            "caret: \(English.count(rendering.caretOffset, "UTF-16 unit")), \(English.count(field.state.caretSlotsFromEnd, stop)) from the end: \(VisibleText.escaped(FieldView(name: name, field: field).marked))",
            "selection: " + (field.selectionRange.map { "UTF-16 \($0.lowerBound)..<\($0.upperBound)" } ?? "none"),
            "value: " + (field.value ?? "none (the field is empty)"),
            "minor units: " + (field.minorUnits ?? "none"),
            "negative: \(field.state.isNegative)",
            "digits: \(field.state.digitString)",
        ]
        if configuration.mode == .natural {
            let point = field.state.typedFraction.map { "typed, \($0) of \(configuration.fractionDigits) fraction digits after it" }
            lines.append("point: " + (point ?? "not typed"))
            lines.append("focus: " + (field.state.hasLeftField ? "left by <enter>" : "has focus"))
        }
        lines.append("format: \(field.isCompiledFormat ? "compiled from ICU" : "ICU formatter (could not be compiled)")")
        lines.append("settings, as new takes them:")
        lines += FieldOption.all.map { "  " + $0.inspectLine(configuration) }
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
            ("value", field.value.map(JSON.string) ?? "null"),
            ("minorUnits", field.minorUnits ?? "null"),
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
        members.append(("new", Self.newOptions(configuration)))
        return "{" + members.map { JSON.string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// Every option of `new` under its protocol name (check's `new` request), at its default too
    /// (null where it has none): a field's configuration to copy into an adapter.
    static func newOptions(_ configuration: FieldConfiguration) -> String {
        "{" + FieldOption.all.map { JSON.string($0.jsonKey) + ":" + $0.json(configuration.settings) }.joined(separator: ",") + "}"
    }
}
