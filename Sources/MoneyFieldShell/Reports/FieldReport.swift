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
            "fraction digits: \(configuration.fractionDigits)" + (configuration.decimalsOverride != nil ? " (\(FieldSetting.decimals.option))" : ""),
            "display: \(rendering.display)",
            "escaped: \(VisibleText.escaped(rendering.display))",
            "caret: \(rendering.caretOffset) UTF-16 units, \(field.state.caretSlotsFromEnd) \(stops) from the end: \(VisibleText.escaped(FieldView(name: name, field: field).marked))",
            "selection: " + (field.selectionRange.map { "UTF-16 \($0.lowerBound)..<\($0.upperBound)" } ?? "none"),
            "value: " + (field.value ?? "none (the field is empty)"),
            "minor units: " + (field.minorUnits ?? "none"),
            "negative: \(field.state.isNegative)",
            "digits: \(field.state.digitString)",
            "max digits: \(configuration.maxDigits)",
            "limits: \(limits.isEmpty ? "none" : limits.joined(separator: ", "))",
            "negatives: \(configuration.allowsNegative ? "allowed" : "not allowed")",
            "accounting: \(configuration.accounting ? "yes" : "no")",
            "display style: \(configuration.display.rawValue)" + (configuration.emptyWhenZero ? ", empty when zero" : "")
                + (configuration.emptiable.map { ", emptied by deleting (\($0.rawValue))" } ?? "")
                + (configuration.emptyShows == .symbol ? ", empty shows the symbol" : "")
                + (configuration.emptyShows == .symbolWhenFocused ? ", empty shows the symbol until <enter> leaves it" : "")
                + (configuration.startsEmpty ? ", starts empty" : ""),
            "format: \(field.isCompiledFormat ? "compiled from ICU" : "ICU formatter (could not be compiled)")",
        ]
        if configuration.mode == .natural {
            let point = field.state.typedFraction.map { "typed, \($0) of \(configuration.fractionDigits) fraction digits after it" }
            let again = configuration.pointAgain == .ignore ? "; <dec> again is refused (\(FieldSetting.pointAgain.option) ignore)" : ""
            lines.insert("point: " + (point ?? "not typed") + again, at: 5)
            if configuration.onLeave != .pad || configuration.onFocus != .keep || configuration.whileTyping != .keep {
                let typing = configuration.whileTyping == .pad ? "shows the fraction padded" : "shows the fraction as typed"
                let leaving = configuration.onLeave == .pad ? "pads the fraction" : "keeps the fraction as typed"
                let coming = configuration.onFocus == .trim ? "drops the zeros ending the fraction" : "keeps it"
                let state = field.state.hasLeftField ? "left by <enter>" : "has focus"
                lines.insert("focus: \(state); typing \(typing) (\(FieldSetting.whileTyping.option) \(configuration.whileTyping.rawValue)), "
                    + "leaving \(leaving) (\(FieldSetting.onLeave.option) \(configuration.onLeave.rawValue)), "
                    + "coming back \(coming) (\(FieldSetting.onFocus.option) \(configuration.onFocus.rawValue))", at: 6)
            }
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
        let options = FieldOptions(configuration, keepingDefaults: true)
        let members = FieldOption.all.map { option -> String in
            let words = option.written(options)
            let value = switch option.kind {
            case .flag: words == nil ? "false" : "true"
            case .number: words?.first ?? "null"
            case .text: words.map { JSON.string($0.first ?? "") } ?? "null"
            }
            return JSON.string(option.jsonKey) + ":" + value
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}

