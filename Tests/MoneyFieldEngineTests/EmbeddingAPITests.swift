import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// What an app that embeds the engine relies on: no state it can build is invalid, and the
/// field speaks Foundation's types and UTF-16 offsets.
@Suite("embedding API") struct EmbeddingAPITests {
    /// The DocC article's snippets, run in the order it gives them (in de_DE for `.current`).
    @Test func theArticlesSetPasteAndChangeRunInOrder() throws {
        let configuration = try FieldConfiguration(locale: Locale(identifier: "de_DE"), currency: Locale.Currency("EUR")) {
            $0.mode = .atm
            $0.maximum = "10000"
            $0.emptyWhenZero = true
            $0.emptiable = .lastDigit
            $0.emptyShows = .symbol
        }
        var field = MoneyField(configuration)
        try field.set(Decimal(string: "99.95")!)
        _ = try field.select(NSRange(location: 0, length: field.display.utf16.count))
        let pasted = try field.paste("1.234,50 €")
        #expect(pasted.readAsAmount && field.value == "1234.50")
        try field.changeLocale(to: Locale(identifier: "fr_FR"))
        _ = try field.changeCurrency(to: Locale.Currency("JPY"), round: true)
        #expect(field.value == "1234")
    }

    @Test func aStateWithANonDigitIsATypedError() {
        #expect(throws: FieldError.invalidState(.notADigit(value: 12, position: 1))) {
            _ = try FieldState(digits: [1, 12])
        }
    }

    @Test func leadingZerosAreDropped() throws {
        let state = try FieldState(digits: [0, 0, 1])
        #expect(state.digitString == "1")
        let field = MoneyField(try FieldConfiguration(), state: state)
        #expect(field.minorUnits == "1")
        #expect(field.display == "$0.01")
    }

    @Test func moreDigitsThanAFieldHoldsIsATypedError() {
        #expect(throws: FieldError.invalidState(.tooManyDigits(count: 33, limit: 30))) {
            _ = try FieldState(digits: Array(repeating: 1, count: 33))
        }
    }

    @Test func aCaretBeyondTheDigitsIsClamped() throws {
        let field = MoneyField(try FieldConfiguration(), state: try FieldState(digits: [1, 2, 3], caretSlotsFromEnd: 99))
        #expect(field.state.caretSlotsFromEnd == 3)
        expectMarked(field, "$|1.23")
    }

    @Test func aNegativeCaretIsATypedError() {
        #expect(throws: FieldError.invalidState(.negativeCaret(-1))) { _ = try FieldState(digits: [1], caretSlotsFromEnd: -1) }
    }

    @Test func aDigitKeyAboveNineIsRefusedAndChangesNothing() throws {
        var field = try MoneyField(locale: "en_US", currency: "USD")
        #expect(throws: Rejection.notADigit(12)) { try field.press(.digit(12)) }
        #expect(field.display == "$0.00")
    }

    @Test func aFieldFromFoundationTypes() throws {
        var field = try MoneyField(locale: Locale(identifier: "de_DE"), currency: Locale.Currency("EUR"))
        for digit: UInt8 in [1, 2, 3, 4, 5] { try field.press(.digit(digit)) }
        #expect(field.display == "123,45\u{A0}€")
        #expect(field.caretOffset == 6)
        #expect(field.value == "123.45")
        #expect(field.minorUnits == "12345")
        #expect(field.decimalValue == Decimal(string: "123.45", locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test(arguments: [
        (0, "$|12.45"), (1, "$|12.45"), (2, "$1|2.45"), (3, "$12|.45"), (4, "$12|.45"), (5, "$12.4|5"), (6, "$12.45|"),
    ])
    func aTapGoesToTheNearestSlotBoundary(offset: Int, marked: String) throws {
        // Offset 4, just after the point, is the boundary between `2` and `4` (SPEC §1).
        var field = try MoneyField(locale: "en_US", currency: "USD")
        try type("1245", into: &field)
        try field.tap(atUTF16Offset: offset)
        expectMarked(field, marked)
    }

    @Test func aTapOutsideTheDisplayIsAnErrorAndChangesNothing() throws {
        var field = try MoneyField(locale: "en_US", currency: "USD")
        #expect(throws: FieldError.offsetOutsideDisplay(6, length: 5)) { try field.tap(atUTF16Offset: 6) }
        #expect(field.state.caretSlotsFromEnd == 0)
    }
}

/// Issue 30 #15–17: what an app reads from an empty field, sets from a `Decimal`, configures with
/// Foundation's types, and prints from an error.
@Suite("embedding API: values, settings and errors") struct EmbeddingValueTests {
    @Test func anEmptyFieldHasNoValue() throws {
        var field = MoneyField(try FieldConfiguration(locale: Locale(identifier: "en_US"), currency: Locale.Currency("USD")) {
            $0.emptiable = .atZero
        })
        #expect(field.value == "0.00" && field.minorUnits == "0" && field.decimalValue == 0)
        try field.press(.backspace)
        #expect(field.isEmpty)
        #expect(field.value == nil && field.minorUnits == nil && field.decimalValue == nil)
    }

    @Test func aDecimalSetsTheAmountOrIsRefusedWhole() throws {
        var field = try MoneyField(locale: Locale(identifier: "de_DE"), currency: Locale.Currency("EUR"))
        try field.set(Decimal(string: "1234.5", locale: Locale(identifier: "en_US_POSIX"))!)
        #expect(field.display == "1.234,50\u{A0}€" && field.decimalValue == Decimal(string: "1234.5", locale: Locale(identifier: "en_US_POSIX")))
        let before = field
        #expect(throws: FieldError.tooManyFractionDigits("0.001", allowed: 2, because: .currency("EUR"))) {
            try field.set(Decimal(string: "0.001", locale: Locale(identifier: "en_US_POSIX"))!)
        }
        #expect(throws: FieldError.notAFiniteAmount) { try field.set(Decimal.nan) }
        #expect(field == before)
    }

    @Test func aConfigurationFromFoundationTypesTakesEveryOption() throws {
        let configuration = try FieldConfiguration(locale: Locale(identifier: "en_US"), currency: Locale.Currency("CAD")) {
            $0.mode = .whole
            $0.maxDigits = 8
            $0.maximum = Decimal(1000).description
            $0.allowsNegative = true
            $0.display = .narrow
            $0.emptyWhenZero = true
            $0.emptiable = .lastDigit
            $0.emptyShows = .symbol
        }
        #expect(configuration.display == .narrow && configuration.emptyWhenZero && configuration.emptiable == .lastDigit)
        #expect(configuration.emptyShows == .symbol && configuration.maximum == ExactDecimal(plain: "1000"))
        let minimumOnly = try FieldConfiguration(locale: Locale(identifier: "en_US"), currency: Locale.Currency("USD")) {
            $0.minimum = Decimal(-5).description
            $0.allowsNegative = true
        }
        #expect(minimumOnly.minimum == ExactDecimal(plain: "-5") && minimumOnly.maximum == nil)
        #expect(throws: FieldError.unreadableLimit(FieldSetting(\.maximum), "NaN")) {
            _ = try FieldConfiguration(locale: Locale(identifier: "en_US"), currency: Locale.Currency("USD")) {
                $0.maximum = Decimal.nan.description
            }
        }
        var field = MoneyField(configuration)
        #expect(field.display == "$" && field.isEmpty)
        try field.press(.digit(5))
        #expect(field.display == "$5")
    }

    @Test func localeAndCurrencyChangeFromFoundationTypes() throws {
        var field = try MoneyField(locale: Locale(identifier: "en_US"), currency: Locale.Currency("USD"))
        try field.set(Decimal(12))
        try field.changeLocale(to: Locale(identifier: "de_DE"))
        try field.changeCurrency(to: Locale.Currency("EUR"))
        #expect(field.display == "12,00\u{A0}€")
        #expect(throws: FieldError.amountNeedsRounding("12.50", currency: "JPY", allowed: 0)) {
            try field.set(Decimal(string: "12.5", locale: Locale(identifier: "en_US_POSIX"))!)
            try field.changeCurrency(to: Locale.Currency("JPY"))
        }
    }

    @Test func errorsPrintTheirEnglishTextWithoutShellFlags() {
        #expect(String(describing: Rejection.tooManyDigits(limit: 12)) == "at most 12 digits")
        #expect(Rejection.negativeNotAllowed.localizedDescription == "this field takes no negative amounts")
        #expect(Rejection.negativeNotAllowed.allowedBy == SettingRemedy(\.allowsNegative))
        #expect(Rejection.decimalKeyNeedsNaturalMode.allowedBy == SettingRemedy(\.mode, "natural"))
        let error = FieldError.tooManyFractionDigits("1.234", allowed: 2, because: .currency("USD"))
        #expect("\(error)" == "1.234 has more fraction digits than USD takes (2)")
        #expect(FieldError.outsideLimits("12", .aboveMaximum("10")).allowedBy == SettingRemedy(\.maximum))
        // No error's text names a shell option: those are the shell's to add.
        let rejections: [Rejection] = [.tooManyDigits(limit: 3), .aboveMaximum("1"), .belowMinimum("1"), .negativeNotAllowed,
                                       .decimalKeyNeedsNaturalMode, .pointWouldOverflowFraction(limit: 0), .fieldEmpty]
        let errors: [FieldError] = [.settingOutOfRange(FieldSetting(\.decimals), value: 9, allowed: 0...6), .unreadableLimit(FieldSetting(\.maximum), "x"),
                                    .minimumAboveMaximum(minimum: "2", maximum: "1"), .accountingNeedsCurrency,
                                    .noAmountWithinLimits(minimum: "0.001", maximum: "0.009", fractionDigits: 2),
                                    .amountNeedsRounding("12.5", currency: "JPY", allowed: 0), .tooManyDigits("1", limit: 1)]
        for text in rejections.map(\.description) + errors.map(\.description) { #expect(!text.contains("--"), "\(text)") }
        // A setting is named as the initializer names it; a front end passes its own names to the same sentence.
        let limits = FieldError.minimumAboveMaximum(minimum: "2", maximum: "1")
        #expect(limits.description == "minimum 2 is above maximum 1; swap them")
        #expect(limits.text(naming: { "<\($0.description)>" }) == "<minimum> 2 is above <maximum> 1; swap them")
        let point = FieldError.pointReadAsDecimal("1.234", allowed: 2, because: .decimalsSetting, asGrouped: [])
        #expect(point.text(naming: { "--" + $0.description }).contains("this field's --decimals 2"), "\(point)")
    }

    @Test func nsRangeEditsAsADelegateReceivesThem() throws {
        var field = try MoneyField(locale: "en_US", currency: "USD")
        try field.replace(NSRange(location: 5, length: 0), with: "1245")
        #expect(field.display == "$12.45" && field.selectedRange == NSRange(location: 6, length: 0))
        try field.select(NSRange(location: 1, length: 2))
        #expect(field.selectedRange == NSRange(location: 1, length: 2))
        try field.replace(NSRange(location: 1, length: 2), with: "")
        #expect(field.display == "$0.45")
        #expect(throws: MoneyField.EditFailure.field(.offsetOutsideDisplay(NSNotFound, length: 5))) {
            try field.replace(NSRange(location: NSNotFound, length: 0), with: "1")
        }
    }
}
