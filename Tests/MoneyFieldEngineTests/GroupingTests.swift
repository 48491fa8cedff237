import Foundation
@_spi(Benchmarks) import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// `--grouping off` (issue 47 #15): the amount without group separators, as ATM screens show it.
@Suite struct GroupingTests {
    static func field(_ locale: String = "en_US", _ currency: String = "USD", typing script: String = "",
                      _ adjust: (inout FieldSettings) -> Void = { _ in }) throws -> MoneyField {
        var field = MoneyField(try FieldConfiguration(locale: locale, currency: currency) {
            $0.grouping = .off
            $0.allowsNegative = true
            adjust(&$0)
        })
        typeAccepted(script, into: &field)
        return field
    }

    @Test func anUngroupedFieldShowsNoGroupSeparators() throws {
        expectMarked(try Self.field(typing: "123456"), "$1234.56|")
        expectMarked(try Self.field(typing: "123456<left><left><left>"), "$123|4.56")
        expectMarked(try Self.field("en_IN", "INR", typing: "123456789"), "₹1234567.89|")
        expectMarked(try Self.field("fr_FR", "EUR", typing: "123450"), "1234,50|\u{A0}€")
        expectMarked(try Self.field("de_CH", "CHF", typing: "123456789"), "CHF\u{A0}1234567.89|")
        expectMarked(try Self.field(typing: "20000") { $0.mode = .whole }, "$20000|")
        expectMarked(try Self.field(typing: "1234567") { $0.display = .none }, "12345.67|")
    }

    /// The shapes a scratch build trapped on or drew wrong: Foundation's `.grouping(.never)` with a
    /// point always shown, or with the accounting sign, prints a bare number here (issue 47 #16).
    @Test func theShapesFoundationPrintsBareAreBuiltFromTheGroupedOne() throws {
        expectMarked(try Self.field(typing: "4<dec>") { $0.mode = .natural }, "$4.|")
        expectMarked(try Self.field(typing: "1234<dec>") { $0.mode = .natural }, "$1234.|")
        expectMarked(try Self.field(typing: "1234<dec>5<left>") { $0.mode = .natural }, "$1234.|5")
        expectMarked(try Self.field(typing: "<dec>") { $0.mode = .natural }, "$0.|")
        expectMarked(try Self.field { $0.accounting = true }, "$0.00|")
        expectMarked(try Self.field(typing: "123450<neg>") { $0.accounting = true }, "($1234.50|)")
        expectMarked(try Self.field("de_DE", "EUR", typing: "1234<dec>") { $0.mode = .natural; $0.accounting = true }, "1234,|\u{A0}€")
        expectMarked(try Self.field(typing: "1234<dec>") { $0.mode = .natural; $0.display = .name }, "1234.| US dollars")
    }

    /// `set` and `paste` read an amount written with the locale's grouping too: what a user copies
    /// from elsewhere still reads (docs/decisions.md).
    @Test func setReadsGroupedAndUngroupedAmounts() throws {
        var field = try Self.field()
        try field.set("1,234.56")
        expectMarked(field, "$1234.56|")
        try field.set("$1234.5")
        #expect(field.value == "1234.50")
    }
}

/// Every option that changes what a field shows, combined (issue 47 #16), in locales with unlike
/// rules: the caret stays inside the display at every stop, its stops stand after distinct glyphs,
/// the amount reads back, an ungrouped display has no separator between its integer digits, and
/// the display is Foundation's FormatStyle byte for byte wherever Foundation prints the shape.
@Suite struct OptionSweepTests {
    static let locales = ["en_US", "de_DE", "fr_FR", "en_IN", "ar_EG", "ja_JP", "de_CH", "pt_BR", "es_ES"]

    /// Key scripts per mode: zero, a digit, grouped lengths, the caret moved, a sign, and in natural
    /// mode a bare point (on zero and after digits) and a typed fraction.
    static func scripts(_ mode: EntryMode, negative: Bool) -> [String] {
        var scripts = ["", "5", "1234567", "1234567<left><left><left>", "12345678901<home>"]
        if mode == .natural { scripts += ["<dec>", "4<dec>", "1234567<dec>", "1234567<dec>8", "1234567<dec>89<left><left><left>"] }
        guard negative else { return scripts }
        return scripts + scripts.map { "<neg>" + $0 }
    }

    /// What the sweep compared, for the closing line.
    static let tally = SweepTally()

    @Test(arguments: locales)
    func everyCombinationKeepsItsCaretInsideAndReadsBack(locale: String) throws {
        let currency = try #require(Locale(identifier: locale).currency?.identifier)
        for mode in EntryMode.allCases {
            for accounting in [false, true] {
                for display in DisplayStyle.allCases {
                    for grouping in Grouping.allCases {
                        for allowsNegative in [false, true] {
                            let label = "\(locale) \(currency) --mode \(mode) --display \(display) --grouping \(grouping)"
                                + (accounting ? " --accounting" : "") + (allowsNegative ? " --allow-negative" : "")
                            let adjust: (inout FieldSettings) -> Void = {
                                $0.mode = mode
                                $0.accounting = accounting
                                $0.display = display
                                $0.grouping = grouping
                                $0.allowsNegative = allowsNegative
                            }
                            if display == .none && accounting {
                                #expect(throws: FieldError.accountingNeedsCurrency, "\(label)") {
                                    try FieldConfiguration(locale: locale, currency: currency, adjust)
                                }
                                continue
                            }
                            let configuration = try FieldConfiguration(locale: locale, currency: currency, adjust)
                            for script in Self.scripts(mode, negative: allowsNegative) {
                                var field = MoneyField(configuration)
                                try type(script, into: &field)
                                try check(field, "\(label): type \(script)")
                            }
                        }
                    }
                }
            }
        }
        if Self.tally.finish() == Self.locales.count {
            let totals = Self.tally.snapshot
            print("OptionSweep: \(totals.identical) displays byte for byte FormatStyle's, "
                + "\(totals.bare) where FormatStyle with .grouping(.never) prints a bare number")
        }
    }

    private func check(_ field: MoneyField, _ label: String) throws {
        let display = field.display
        let length = display.utf16.count
        // Every stop inside the display, each after a glyph of its own.
        let stops = stride(from: field.slotCount, through: 0, by: -1).map { field.caretOffset(forSlot: $0) }
        #expect(stops.allSatisfy { (0...length).contains($0) } && (0...length).contains(field.caretOffset),
                "\(label): a caret outside \(field.marked): \(stops)")
        #expect(zip(stops, stops.dropFirst()).allSatisfy { $0 < $1 }, "\(label): stops \(stops) in \(field.marked)")
        // The digit glyphs are the slots (natural mode: the units but the point).
        let glyphs = Self.digitGlyphs(in: display)
        let point = field.state.typedFraction != nil ? 1 : 0
        #expect(glyphs.count == field.slotCount - point, "\(label): \(glyphs.count) digit glyphs in \(field.marked)")
        // No separator between the integer digits of an ungrouped display.
        let fraction = field.configuration.mode == .natural ? field.state.typedFraction ?? 0 : field.configuration.shownFractionDigits
        let integer = glyphs.prefix(glyphs.count - fraction)
        if field.configuration.grouping == .off {
            #expect(zip(integer, integer.dropFirst()).allSatisfy { $0.end == $1.start }, "\(label): grouped \(field.marked)")
        }
        // The value reads back, and so does the display where it reads one way.
        let value = try #require(field.value, "\(label): no value")
        var again = MoneyField(field.configuration)
        do {
            try again.set(value)
            #expect(again.value == value, "\(label): \(value) reads back as \(again.value ?? "nothing")")
        } catch {
            Issue.record("\(label): \(value) does not read back: \(error)")
        }
        // A number alone can read two ways (de_DE `12.345`).
        if field.configuration.display != .none {
            var read = MoneyField(field.configuration)
            do {
                try read.set(display)
                #expect(read.value == value, "\(label): \(field.marked) reads back as \(read.value ?? "nothing")")
            } catch {
                Issue.record("\(label): \(field.marked) does not read back: \(error)")
            }
        }
        // Foundation's FormatStyle, where it prints the shape; a sign on zero has no Decimal of its own.
        guard !(field.state.digits.isEmpty && field.state.isNegative) else { return }
        let natural = field.configuration.mode == .natural
        let key = natural
            ? field.configuration.formatKey.showing(fractionDigits: fraction, point: field.state.typedFraction != nil)
            : field.configuration.formatKey
        let foundation = ReferenceStyle(key).format(field.amount.decimal)
        if display == foundation {
            Self.tally.count(identical: true)
        } else if key.grouping == .off && (key.accounting || key.alwaysShowsDecimalSeparator) && Self.isBare(foundation) {
            Self.tally.count(identical: false)
        } else {
            Issue.record("\(label): shows \(field.marked), FormatStyle \(foundation.debugDescription)")
        }
    }

    /// Digits, a minus sign, a `.` and invisible marks only, no currency: the bare number this
    /// Foundation prints for `.grouping(.never)` with a point always shown or the accounting sign
    /// (`123456789.01` for ar_EG's `‏١٢٣٤٥٦٧٨٩٫٠١ ج.م.‏`).
    static func isBare(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy {
            $0.properties.numericType == .decimal || "-.\u{2212}".unicodeScalars.contains($0) || $0.properties.generalCategory == .format
        }
    }

    static func digitGlyphs(in display: String) -> [(start: Int, end: Int)] {
        var glyphs: [(start: Int, end: Int)] = []
        var offset = 0
        for scalar in display.unicodeScalars {
            let width = scalar.utf16.count
            if scalar.properties.numericType == .decimal { glyphs.append((offset, offset + width)) }
            offset += width
        }
        return glyphs
    }
}

/// Counts over the locales the sweep runs in parallel.
final class SweepTally: @unchecked Sendable {
    private let lock = NSLock()
    private var identical = 0
    private var bare = 0
    private var finished = 0

    func count(identical isIdentical: Bool) {
        lock.withLock { if isIdentical { identical += 1 } else { bare += 1 } }
    }

    /// One locale done; how many are.
    func finish() -> Int { lock.withLock { finished += 1; return finished } }

    var snapshot: (identical: Int, bare: Int) { lock.withLock { (identical, bare) } }
}
