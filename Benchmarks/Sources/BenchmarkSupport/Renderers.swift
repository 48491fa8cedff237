import Foundation
@_spi(Benchmarks) import MoneyFieldEngine

/// One way to turn a field's state into a display and a caret offset.
public protocol Renderer {
    mutating func render(_ field: borrowing MoneyField, at index: Int) -> Rendering
}

/// The engine: the field's compiled format.
public struct EngineRenderer: Renderer {
    public init() {}
    public func render(_ field: borrowing MoneyField, at index: Int) -> Rendering { field.rendering }
}

/// A `NumberFormatter` per field, made once and kept.
public struct CachedNumberFormatterRenderer: Renderer {
    let formatters: [NumberFormatter]

    public init(fields: [MoneyField]) {
        formatters = fields.map(makeNumberFormatter)
    }

    public func render(_ field: borrowing MoneyField, at index: Int) -> Rendering {
        let display = formatters[index].string(from: decimalAmount(of: field) as NSDecimalNumber) ?? ""
        return Rendering(display: display,
                         caretOffset: scannedCaretOffset(in: display, caretSlotsFromEnd: field.state.caretSlotsFromEnd))
    }
}

/// `Decimal.FormatStyle.Currency` per field, the reference the engine reproduces.
public struct FormatStyleRenderer: Renderer {
    let styles: [Decimal.FormatStyle.Currency]

    public init(fields: [MoneyField]) {
        styles = fields.map { field in
            Decimal.FormatStyle.Currency(code: field.configuration.currency, locale: Locale(identifier: field.configuration.locale))
                .precision(.fractionLength(field.configuration.shownFractionDigits))
        }
    }

    public func render(_ field: borrowing MoneyField, at index: Int) -> Rendering {
        let display = decimalAmount(of: field).formatted(styles[index])
        return Rendering(display: display,
                         caretOffset: scannedCaretOffset(in: display, caretSlotsFromEnd: field.state.caretSlotsFromEnd))
    }
}

/// A new `NumberFormatter` for every key, as naive code does.
public struct FreshNumberFormatterRenderer: Renderer {
    public init() {}

    public func render(_ field: borrowing MoneyField, at index: Int) -> Rendering {
        let display = makeNumberFormatter(field).string(from: decimalAmount(of: field) as NSDecimalNumber) ?? ""
        return Rendering(display: display,
                         caretOffset: scannedCaretOffset(in: display, caretSlotsFromEnd: field.state.caretSlotsFromEnd))
    }
}

private func makeNumberFormatter(_ field: MoneyField) -> NumberFormatter {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: field.configuration.locale)
    formatter.numberStyle = .currency
    formatter.currencyCode = field.configuration.currency
    formatter.minimumFractionDigits = field.configuration.shownFractionDigits
    formatter.maximumFractionDigits = field.configuration.shownFractionDigits
    return formatter
}

/// Presses every workload key in every field, rendering after each; returns a checksum of what
/// was rendered so the work cannot be optimised away. Inlinable so that each renderer gets its
/// own specialised loop, as a real caller holding a concrete field would.
@inlinable
public func typeWorkload<R: Renderer>(_ fields: inout [MoneyField], keys: [Key], renderer: inout R) -> Int {
    var checksum = 0
    for index in fields.indices {
        for key in keys {
            try? fields[index].press(key)
            let rendering = renderer.render(fields[index], at: index)
            checksum &+= rendering.caretOffset &+ rendering.display.utf8.count
        }
    }
    return checksum
}

/// Only the press, for splitting a keystroke into its state step and its rendering.
@inlinable
public func pressWorkload(_ fields: inout [MoneyField], keys: [Key]) -> Int {
    var checksum = 0
    for index in fields.indices {
        for key in keys {
            try? fields[index].press(key)
            checksum &+= fields[index].state.caretSlotsFromEnd
        }
    }
    return checksum
}

/// Every state the workload passes through, to time rendering alone.
public func workloadStates() -> [MoneyField] {
    var fields = Workload.fields()
    var states: [MoneyField] = []
    for index in fields.indices {
        for key in Workload.keys {
            try? fields[index].press(key)
            states.append(fields[index])
        }
    }
    return states
}

/// Renders each state once: the display-and-caret half of a keystroke.
@inlinable
public func renderStates(_ states: [MoneyField]) -> Int {
    states.withUnsafeBufferPointer { states in
        var checksum = 0
        for index in states.indices {
            let rendering = states[index].rendering
            checksum &+= rendering.caretOffset &+ rendering.display.utf8.count
        }
        return checksum
    }
}

/// A state reduced to what the format needs, for timing `CurrencyFormat.render` by itself.
@_spi(Benchmarks) public struct FormatInput: Sendable {
    public let format: CurrencyFormat
    public let negative: Bool
    public let digits: [UInt8]
    public let caret: Int
}

@_spi(Benchmarks) public func formatInputs(_ states: [MoneyField]) -> [FormatInput] {
    states.map { field in
        let key = field.configuration.formatKey
        return FormatInput(format: CurrencyFormat.cached(for: key), negative: field.state.isNegative,
                           digits: field.state.digits, caret: field.state.caretSlotsFromEnd)
    }
}

/// Calls the compiled format directly: what `Format/` costs without the field around it.
@inlinable
@_spi(Benchmarks) public func renderFormatInputs(_ inputs: [FormatInput]) -> Int {
    var checksum = 0
    for input in inputs {
        let rendering = input.format.render(negative: input.negative, magnitude: input.digits, caretSlotsFromEnd: input.caret)
        checksum &+= rendering.caretOffset &+ rendering.display.utf8.count
    }
    return checksum
}

/// One cached `NumberFormatter` call per state, and nothing else: the unit a replayed
/// keystroke is measured in.
public struct NumberFormatterCalls {
    let formatters: [NumberFormatter]
    let amounts: [NSDecimalNumber]
    let formatterIndex: [Int]

    public init(states: [MoneyField]) {
        var formatters: [NumberFormatter] = []
        var byField: [FormatKey: Int] = [:]
        var index: [Int] = []
        for field in states {
            let key = field.configuration.formatKey
            if byField[key] == nil {
                byField[key] = formatters.count
                formatters.append(makeNumberFormatter(field))
            }
            index.append(byField[key]!)
        }
        self.formatters = formatters
        amounts = states.map { decimalAmount(of: $0) as NSDecimalNumber }
        formatterIndex = index
    }

    public var count: Int { amounts.count }

    public func callEach() -> Int {
        var checksum = 0
        for position in amounts.indices {
            checksum &+= formatters[formatterIndex[position]].string(from: amounts[position])?.utf8.count ?? 0
        }
        return checksum
    }
}
