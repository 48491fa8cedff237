import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO

/// moneyfield's field with defects planted: each key is pressed on the engine, and the first
/// defect (in `PlantedDefect`'s order) that applies to it changes the answer. The answer's
/// field is the engine's, so what follows a defect is the engine's again: `check` compares up
/// to the first difference only.
package struct PlantedField: Sendable {
    package let defects: [PlantedDefect]
    private var field: MoneyField?
    /// `endPastSuffix` and `homeBeforePrefix` (and their still twins): the caret put outside the
    /// amount (at this UTF-16 offset) and nothing has moved it since: there a digit and the point
    /// do nothing, and (`everyKey`) a delete too; `snaps`: the caret returns into the amount after
    /// such a key, as real fields' does (`10 |€` Backspace → `10| €`), else it stays.
    private var outside: (caret: Int, everyKey: Bool, snaps: Bool)?
    /// `trimsOnFocus`: `<enter>` was the last key, so the next brings focus back; and leaving
    /// changed nothing (the fraction was typed in full, not padded).
    private var left = false
    private var leftAsTyped = false
    /// The caret this field last answered: where a key that changes nothing leaves it, as a real
    /// field does (a defect may have put it elsewhere than moneyfield's, in the same slot).
    private var shownCaret: Int?
    /// `zeroKeptBehindSkip`: `leftSkipsPoint` has put the caret left of the point in this field
    /// (a tap that brings it back does not undo that).
    private var skippedPoint = false

    package init(_ defects: [PlantedDefect]) { self.defects = defects }

    package mutating func new(_ configuration: FieldConfiguration) -> FieldAnswer {
        let made = MoneyField(configuration)
        field = made
        outside = nil
        left = false
        shownCaret = made.caretOffset
        skippedPoint = false
        return FieldAnswer(made, rejected: false)
    }

    /// The answer to `key`, nil before any field is made.
    package mutating func press(_ key: Key) -> FieldAnswer? {
        guard let before = field else { return nil }
        var after = before
        var refusal: Rejection?
        do throws(Rejection) { try after.press(key) } catch { refusal = error }
        field = after
        var answer = FieldAnswer(after, rejected: refusal != nil)
        var snapped = false
        if let outside, Self.typesThere(key), outside.everyKey || NamedKey.KeyClass(key) != .delete {
            // The caret outside the amount: the key does nothing, and the caret snaps back into the
            // amount (where moneyfield's stands) or stays there.
            // A key that changes nothing on moneyfield either (refused, or a zero before the amount)
            // leaves it outside: snapping back is the field answering a key it dropped.
            snapped = outside.snaps && after.display != before.display
            answer = FieldAnswer(display: before.display, caret: snapped ? before.caretOffset : outside.caret)
        } else {
            // The first defect that changes what the field shows; one that would show the same lets
            // the next one act. A key typed with the caret outside the amount (put there by a
            // defect) meets none: the field takes it there as it does.
            // What every defect reads of the key, worked out once for all of them.
            let context = Context(before: before, key: key, after: after, refusal: refusal, focusReturning: left && leftAsTyped, focusBack: left,
                                  skippedPoint: skippedPoint)
            let caretOutside = outside != nil || shownCaret.map { Cause.spot(of: $0, in: before, units: CaretUnits(before.configuration)) == .outside } == true
            for defect in caretOutside ? [] : defects {
                if let planted = planted(defect, context),
                   planted.display != answer.display || planted.caret != answer.caret {
                    answer = planted
                    if defect == .leftSkipsPoint { skippedPoint = true }
                    break
                }
            }
        }
        left = key == .enter
        leftAsTyped = before.display == after.display
        if !snapped, answer.display == before.display, answer.caret == before.caretOffset, answer.selection == nil, before.selectionRange == nil,
           let shownCaret {
            answer.caret = shownCaret
        }
        // The caret leaves the outside only when a key moves it or changes the field.
        if answer.display != before.display || answer.caret != outside?.caret { outside = nil }
        let endPast = defects.contains(.endPastSuffix) || defects.contains(.endPastSuffixStill)
        if key == .end, endPast, let end = Self.suffixEnd(of: after) { outside = (end, true, !defects.contains(.endPastSuffixStill)) }
        let homeBefore = defects.contains(.homeBeforePrefix) || defects.contains(.homeBeforePrefixStill)
        if key == .home, homeBefore, Self.hasPrefix(after), Self.startsHigh(after) {
            // The still twin is the same cause with a caret that stays: a delete does nothing there too.
            let snaps = !defects.contains(.homeBeforePrefixStill)
            outside = (0, true, snaps)
        }
        if key == .end || key == .home, let outside { answer.caret = outside.caret }
        shownCaret = answer.caret
        // Leaving the field: it has no caret.
        if key == .enter { answer.caret = nil }
        return answer
    }

    /// The answer to a tap at a UTF-16 offset (the engine's, as the shell's `caret N`): nil
    /// before any field is made or for an offset outside the display.
    package mutating func tap(_ offset: Int) -> FieldAnswer? {
        guard var tapped = field else { return nil }
        do throws(FieldError) { try tapped.tap(atUTF16Offset: offset) } catch { return nil }
        field = tapped
        outside = nil
        left = false
        shownCaret = tapped.caretOffset
        return FieldAnswer(tapped, rejected: false)
    }

    /// A planted answer: display, caret and selection; no value or rejected to compare.
    static func answer(_ field: MoneyField) -> FieldAnswer {
        var answer = FieldAnswer(display: field.display, caret: field.caretOffset)
        answer.reportSelection(field.selectionRange)
        return answer
    }

    /// A key as the defects read it: the field before and after it on moneyfield, and what stood
    /// around the caret. What costs a pass over the display is worked out when a defect first asks:
    /// most defects pass over most keys on the key alone.
    private final class Context {
        let before: MoneyField
        let key: Key
        let after: MoneyField
        let refusal: Rejection?
        let configuration: FieldConfiguration
        let natural: Bool
        let caret: Int
        let digitKey: Bool
        /// The key brings focus back after `<enter>`.
        let focusReturning: Bool
        /// The key brings focus back after `<enter>`, whatever leaving showed.
        let focusBack: Bool
        /// `leftSkipsPoint` has skipped the point in this field.
        let skippedPoint: Bool
        /// The digits 2 to 9: the shrinker writes the scripts of other defects with 0 and 1.
        let highDigit: Bool
        lazy var units = CaretUnits(configuration)
        lazy var glyphs = Situation.classified(before.display, configuration: configuration)
        lazy var unitsBefore = units.right(of: caret, in: before.display)
        lazy var allUnits = units.right(of: 0, in: before.display)
        lazy var unitsAfter = units.right(of: after.caretOffset, in: after.display)
        lazy var changed = after.display != before.display
        /// Glyphs that are no caret stop: separators, the sign, the currency text (the point too outside natural entry).
        var nonUnits: Set<Situation.Neighbour> { natural ? [.group, .currency, .sign] : [.group, .decimal, .currency, .sign] }

        init(before: MoneyField, key: Key, after: MoneyField, refusal: Rejection?, focusReturning: Bool, focusBack: Bool, skippedPoint: Bool) {
            (self.before, self.key, self.after, self.refusal) = (before, key, after, refusal)
            self.focusReturning = focusReturning
            self.focusBack = focusBack
            self.skippedPoint = skippedPoint
            configuration = before.configuration
            natural = configuration.mode == .natural
            caret = before.caretOffset
            digitKey = if case .digit = key { true } else { false }
            highDigit = if case .digit(let value) = key { value >= 2 } else { false }
        }
    }

    private func planted(_ defect: PlantedDefect, _ context: Context) -> FieldAnswer? {
        let (before, key, after, refusal) = (context.before, context.key, context.after, context.refusal)
        let (configuration, natural, caret, digitKey, highDigit) = (context.configuration, context.natural, context.caret, context.digitKey, context.highDigit)
        func at(_ display: String, unitsRight: Int) -> FieldAnswer {
            FieldAnswer(display: display, caret: context.units.offset(unitsRight: unitsRight, in: display))
        }
        switch defect {
        case .deletesSymbol:
            let side: [(offset: Int, kind: Situation.Neighbour)]
            switch key {
            case .backspace where context.unitsBefore == context.allUnits: side = context.glyphs.filter { $0.offset < caret }
            case .delete where context.unitsBefore == 0: side = context.glyphs.filter { $0.offset >= caret }
            default: return nil
            }
            guard !side.isEmpty, side.allSatisfy({ $0.kind == .currency }) else { return nil }
            let utf16 = Array(before.display.utf16)
            let range = key == .backspace ? 0..<caret : caret..<utf16.count
            let kept = Array(utf16[..<range.lowerBound]) + Array(utf16[range.upperBound...])
            return FieldAnswer(display: String(decoding: kept, as: UTF16.self), caret: range.lowerBound)
        case .arrowStops:
            guard key == .left || key == .right else { return nil }
            let next = key == .left ? context.glyphs.last { $0.offset < caret } : context.glyphs.first { $0.offset >= caret }
            guard let next, context.nonUnits.contains(next.kind) else { return nil }
            let end = context.glyphs.first { $0.offset > next.offset }?.offset ?? before.display.utf16.count
            return FieldAnswer(display: before.display, caret: key == .left ? next.offset : end)
        case .deleteBesideSeparator:
            let side = key == .backspace ? context.glyphs.last { $0.offset < caret } : key == .delete ? context.glyphs.first { $0.offset >= caret } : nil
            guard let side, context.nonUnits.contains(side.kind), context.changed || after.caretOffset != caret else { return nil }
            return Self.answer(before)
        case .endPastSuffix, .homeBeforePrefix, .endPastSuffixStill, .homeBeforePrefixStill:
            // Where End or Home puts the caret is set after every key (`press`), whatever came before.
            return nil
        case .trimsOnFocus:
            guard context.focusReturning, key != .enter, Situation.digits(of: before.display, configuration: configuration).fraction.last == 0,
                  let trimming = Self.with(configuration, { $0[\.onFocus] = .trim }) else { return nil }
            // Left again in a field that tracks focus (the engine tracks it only where it shows),
            // then the key, which brings focus back.
            var trimmed = MoneyField(trimming, state: before.state)
            do throws(Rejection) { try trimmed.press(.enter) } catch {}
            do throws(Rejection) { try trimmed.press(key) } catch {}
            return Self.answer(trimmed)
        case .displayLength:
            let limit = Self.displayLimit(configuration)
            guard key != .enter, refusal == nil, after.display.utf16.count > max(limit, before.display.utf16.count) else { return nil }
            return Self.answer(before)
        case .leadingZero:
            // Not in a full field, whose limit refuses the zero too (a script that snaps back from
            // before `$` with a `0` to reach a full field's front must not show this one).
            if case .tooManyDigits? = refusal { return nil }
            guard key == .digit(0), context.unitsBefore == context.allUnits, let first = context.glyphs.first(where: { $0.kind == .digit }) else { return nil }
            var utf16 = Array(before.display.utf16)
            utf16.insert(contentsOf: "0".utf16, at: first.offset)
            return FieldAnswer(display: String(decoding: utf16, as: UTF16.self), caret: first.offset + 1)
        case .frontDigitLost:
            guard highDigit, context.unitsBefore == context.allUnits, context.changed else { return nil }
            return Self.answer(before)
        case .caretBeforeTypedDigit:
            guard highDigit, context.changed, context.unitsBefore > 0, context.unitsBefore < context.allUnits, before.state.digits.count >= 3 else { return nil }
            return at(after.display, unitsRight: context.unitsAfter + 1)
        case .fullDropsTop:
            guard digitKey, case .tooManyDigits? = refusal, context.unitsBefore == 0, let wider = Self.wider(before, key) else { return nil }
            let digits = Array(wider.state.digits.dropFirst())
            guard let state = try? FieldState(isNegative: wider.state.isNegative, digits: digits, caretSlotsFromEnd: 0,
                                               typedFraction: wider.state.typedFraction) else { return nil }
            return Self.answer(MoneyField(configuration, state: state))
        case .refusedDigitMovesCaret:
            guard digitKey, refusal != nil, context.unitsBefore == context.allUnits else { return nil }
            return FieldAnswer(display: before.display, caret: context.units.offset(unitsRight: context.unitsBefore - 1, in: before.display))
        case .noDigitLimit:
            guard digitKey, case .tooManyDigits? = refusal, context.unitsBefore > 0, context.unitsBefore < context.allUnits, let wider = Self.wider(before, key)
            else { return nil }
            return Self.answer(wider)
        case .fractionFullDropsLast:
            guard digitKey, case .fractionFull? = refusal, case .digit(let value) = key, context.unitsBefore > 0,
                  let typed = before.state.typedFraction else { return nil }
            var padded = before.state.digits
            while padded.count < typed + 1 { padded.insert(0, at: 0) }
            padded.insert(value, at: padded.count - context.unitsBefore)
            // A zero pushed out looks like typing over padding (`--while-typing pad`): another cause.
            guard padded.removeLast() != 0 else { return nil }
            guard let state = try? FieldState(isNegative: before.state.isNegative, digits: padded, caretSlotsFromEnd: context.unitsBefore - 1,
                                               typedFraction: typed) else { return nil }
            let pushed = MoneyField(configuration, state: state)
            // The digit pushed out was the one typed: the field shows what it showed, caret and all.
            return pushed.display == before.display ? nil : Self.answer(pushed)
        case .joinCaretOff:
            guard natural, key == .backspace || key == .delete, before.state.typedFraction != nil, after.state.typedFraction == nil,
                  refusal == nil else { return nil }
            return at(after.display, unitsRight: context.unitsAfter + 1)
        case .caretToEnd:
            // Not a Backspace that joins over the point: that is `joinCaretOff`'s.
            let joins = before.state.typedFraction != nil && after.state.typedFraction == nil
            guard key == .backspace, context.changed, context.unitsAfter > 0, !joins else { return nil }
            return FieldAnswer(display: after.display, caret: after.display.utf16.count)
        case .leaveWithoutPadding:
            guard natural, key == .enter, context.changed, let typed = before.state.typedFraction, typed > 0 else { return nil }
            return FieldAnswer(display: before.display, caret: nil)
        case .zeroKeptBehindSkip:
            let right = context.glyphs.first { $0.offset >= caret }?.kind
            guard natural, context.skippedPoint, key == .delete, refusal == nil, right == .decimal,
                  Situation.digits(of: before.display, configuration: configuration).integer == [0],
                  let first = Situation.classified(after.display, configuration: configuration).first(where: { $0.kind == .digit })
            else { return nil }
            var utf16 = Array(after.display.utf16)
            utf16.insert(contentsOf: "0".utf16, at: first.offset)
            return FieldAnswer(display: String(decoding: utf16, as: UTF16.self), caret: caret)
        case .leftSkipsPoint:
            guard natural, key == .left, refusal == nil,
                  Situation.classified(after.display, configuration: configuration).last(where: { $0.offset < after.caretOffset })?.kind == .decimal
            else { return nil }
            return at(after.display, unitsRight: context.unitsAfter + 1)
        case .noIntegerDigit:
            // Backspace at the end, Delete with a digit right of the caret (beside a separator it
            // is another defect's), or the point.
            let rightGlyph = context.glyphs.first { $0.offset >= caret }?.kind
            guard key == .backspace && context.unitsBefore == 0 || key == .delete && rightGlyph == .digit || key == .decimal, context.changed else { return nil }
            let shown = Situation.digits(of: after.display, configuration: configuration)
            let was = Situation.digits(of: before.display, configuration: configuration)
            guard shown.integer == [0], was.integer != [0], !shown.fraction.isEmpty,
                  let zero = Situation.classified(after.display, configuration: configuration).first(where: { $0.kind == .digit })
            else { return nil }
            var utf16 = Array(after.display.utf16)
            utf16.remove(at: zero.offset)
            let display = String(decoding: utf16, as: UTF16.self)
            return at(display, unitsRight: min(context.unitsAfter, context.units.right(of: 0, in: display)))
        case .selectsOnFocus:
            // Focus coming back with the whole text selected: the digit replaces it.
            guard context.focusBack, case .digit = key, Self.significantDigits(before) >= 2 else { return nil }
            var replaced = MoneyField(configuration)
            do throws(Rejection) { try replaced.press(key) } catch { return nil }
            return Self.answer(replaced)
        case .pointCutsAmount:
            // Taken where moneyfield refuses it for the fraction's room, with no point standing.
            guard natural, key == .decimal, case .pointWouldOverflowFraction? = refusal, before.state.typedFraction == nil else { return nil }
            let right = before.state.caretSlotsFromEnd
            let digits = before.state.digits
            let kept = Array(digits.suffix(right).prefix(configuration.shownFractionDigits))
            guard let state = try? FieldState(isNegative: before.state.isNegative, digits: Array(digits.dropLast(right)) + kept,
                                               caretSlotsFromEnd: kept.count, typedFraction: kept.count) else { return nil }
            return Self.answer(MoneyField(configuration, state: state))
        case .noRegroup:
            guard key == .backspace || key == .delete, context.changed else { return nil }
            let groups = Situation.classified(after.display, configuration: configuration).filter { $0.kind == .group }
            guard !groups.isEmpty else { return nil }
            var utf16 = Array(after.display.utf16)
            for group in groups.reversed() { utf16.remove(at: group.offset) }
            return at(String(decoding: utf16, as: UTF16.self), unitsRight: context.unitsAfter)
        }
    }

    /// `displayLength`'s limit: the display as made and four characters more.
    package static func displayLimit(_ configuration: FieldConfiguration) -> Int { MoneyField(configuration).display.utf16.count + 4 }

    /// The keys that do nothing with the caret outside the amount.
    static func typesThere(_ key: Key) -> Bool { Cause.didNothingKeys.contains(NamedKey.KeyClass(key)) }

    /// The amount's digits without its leading zeros and the zeros ending it (`$12.00`: 2).
    static func significantDigits(_ field: MoneyField) -> Int {
        let digits = Situation.digits(of: field.display, configuration: field.configuration)
        var kept = Array((digits.integer + digits.fraction).drop { $0 == 0 })
        while kept.last == 0 { kept.removeLast() }
        return kept.count
    }

    /// Whether a visible glyph (currency text, the sign) stands before the display's first digit.
    static func hasPrefix(_ field: MoneyField) -> Bool {
        let glyphs = Situation.classified(field.display, configuration: field.configuration)
        guard let first = glyphs.firstIndex(where: { $0.kind == .digit }) else { return false }
        return first > 0
    }

    /// Whether the amount's first digit is 2 to 9: the shrinker writes other defects' scripts with 0 and 1.
    static func startsHigh(_ field: MoneyField) -> Bool {
        guard let first = field.display.unicodeScalars.lazy.compactMap(Key.digitValue).first else { return false }
        return first >= 2
    }

    /// The display's end when currency text follows its last digit (a suffix), else nil.
    static func suffixEnd(of field: MoneyField) -> Int? {
        let glyphs = Situation.classified(field.display, configuration: field.configuration)
        guard let last = glyphs.last, last.kind == .currency, glyphs.contains(where: { $0.kind == .digit }) else { return nil }
        return field.display.utf16.count
    }

    /// `key` pressed on `field` as a field with no digit limit would take it.
    static func wider(_ field: MoneyField, _ key: Key) -> MoneyField? {
        guard let configuration = with(field.configuration, { $0[\.maxDigits] = FieldConfiguration.maxDigitsRange.upperBound }) else { return nil }
        var wider = MoneyField(configuration, state: field.state)
        do throws(Rejection) { try wider.press(key) } catch { return nil }
        return wider
    }
}

extension PlantedField {
    /// `configuration` with one option changed, nil where that field cannot be made.
    static func with(_ configuration: FieldConfiguration, _ change: (inout FieldOptions) -> Void) -> FieldConfiguration? {
        var options = FieldOptions(configuration)
        change(&options)
        return try? options.configuration(defaults: (configuration.locale, configuration.currency))
    }
}
