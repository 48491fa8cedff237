import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import PropertyBased
import Testing

/// Natural entry (SPEC §1 "Natural entry") written again as text editing on a string of units,
/// `"12.3"`, and random key sequences on random natural fields checked against it step by step;
/// plus every caret position × every key from a spread of starting texts.
@Suite("natural entry properties")
struct NaturalEntryPropertyTests {
    static let sequenceCount = ProcessInfo.processInfo.environment["MONEYFIELD_SEQUENCES"].flatMap { Int($0) } ?? 1_200

    /// The field as the operator sees it: ASCII digits and `.` for the typed point.
    struct Model: Equatable {
        var negative = false
        var units: [Character] = ["0"]
        var caret = 0
        var anchor: Int?
        /// Emptied by deleting (`--emptiable`), made empty (`--starts-empty`), or `clear` on a field with either.
        var emptied = false

        static let posix = Locale(identifier: "en_US_POSIX")

        /// Leading zeros of the integer part dropped, one kept.
        static func normalized(_ units: [Character]) -> [Character] {
            let point = units.firstIndex(of: ".") ?? units.count
            var integer = Array(units[..<point].drop { $0 == "0" })
            if integer.isEmpty { integer = ["0"] }
            return integer + units[point...]
        }

        var fraction: Int? { units.firstIndex(of: ".").map { units.count - $0 - 1 } }

        /// The digits as the engine holds them: integer and fraction together, no leading zeros.
        var digitString: String { String(units.filter { $0 != "." }.drop { $0 == "0" }) }

        var amount: Decimal {
            let text = units.last == "." ? String(units.dropLast()) : String(units)
            let magnitude = Decimal(string: text, locale: Self.posix)!
            return negative ? -magnitude : magnitude
        }

        /// Digits `--max-digits` counts: the amount's at `f` places.
        func countedDigits(_ configuration: FieldConfiguration) -> Int {
            digitString.isEmpty ? 0 : digitString.count + configuration.shownFractionDigits - (fraction ?? 0)
        }

        func agrees(with state: FieldState) -> Bool {
            state.isNegative == negative && state.digitString == digitString && state.typedFraction == fraction
                && state.caretSlotsFromEnd == caret && state.selectionAnchor == anchor && state.isEmptied == emptied
        }

        /// An empty display: emptied, or `--empty-when-zero` on a positive zero with no point.
        func isEmpty(_ configuration: FieldConfiguration) -> Bool {
            emptied || (configuration.emptyWhenZero && !negative && units == ["0"])
        }

        /// SPEC §1 `--emptiable` on natural units: at-zero, a delete with a zero glyph on its side of
        /// `0` (no point); last-digit, a delete that removes every digit unit, the point not being one
        /// and, `pads` while typing, nor the zeros ending the fraction (padding, not typed: `$0|.00`
        /// Backspace empties, as react-number-format's input does).
        func empties(_ key: Key, _ emptiable: Emptiable, pads: Bool = false) -> Bool {
            let count = units.count
            let selection = anchor.flatMap { $0 == caret ? nil : (min($0, caret), max($0, caret)) }
            // Units counted from the end, as the caret counts them.
            let removed: Range<Int>? = selection.map { $0.0..<$0.1 }
                ?? (key == .backspace ? (caret < count ? caret..<(caret + 1) : nil) : (caret > 0 ? (caret - 1)..<caret : nil))
            guard let removed else { return false }
            switch emptiable {
            case .atZero:
                return units == ["0"] && removed.count == count
            case .lastDigit:
                // Units from the end that are padding: the fraction's trailing zeros.
                let padding = pads && units.contains(".") ? units.reversed().prefix { $0 == "0" }.count : 0
                let typed = { (unit: Int) in unit >= padding && units[count - 1 - unit] != "." }
                let removedDigits = removed.filter(typed).count
                return removedDigits > 0 && removedDigits == (0..<count).filter(typed).count
            }
        }

        /// SPEC §1: an empty field has one caret stop (0) and nothing to select; a digit, zeros or
        /// the point fill it from there; a key that leaves it empty leaves the caret at 0.
        func pressing(_ key: Key, _ configuration: FieldConfiguration) -> Result<Model, Rejection> {
            var start = self
            if key == .clear, configuration.emptiable != nil || configuration.startsEmpty { return .success(Model(emptied: true)) }
            if isEmpty(configuration) {
                start.caret = 0
                start.anchor = nil
                switch EmptyFieldKey(key, allowsNegative: configuration.allowsNegative) {
                case .refused(let rejection): return .failure(rejection)
                case .stays: return .success(start)
                case .fills: start.emptied = false
                }
            } else if let emptiable = configuration.emptiable, key == .backspace || key == .delete,
                      empties(key, emptiable, pads: configuration.whileTyping == .pad && configuration.shownFractionDigits > 0) {
                return .success(Model(emptied: true))
            }
            return start.pressingShown(key, configuration).map { next in
                guard next.isEmpty(configuration) else { return next }
                var empty = next
                empty.caret = 0
                empty.anchor = nil
                return empty
            }
        }

        func pressingShown(_ key: Key, _ configuration: FieldConfiguration) -> Result<Model, Rejection> {
            let count = units.count
            var next = self
            next.anchor = nil
            let selection: (lo: Int, hi: Int)? = anchor.flatMap { $0 == caret ? nil : (min($0, caret), max($0, caret)) }
            func select(_ move: FieldPropertyTests.Model.Selecting) -> Result<Model, Rejection> {
                FieldPropertyTests.Model.selecting(move, caret: caret, anchor: anchor, stops: count).map { moved in
                    next.caret = moved.caret
                    next.anchor = moved.anchor
                    return next
                }
            }
            switch key {
            case .selectLeft: return select(.left)
            case .selectRight: return select(.right)
            case .selectHome: return select(.home)
            case .selectEnd: return select(.end)
            case .selectAll: return select(.all)
            case .left:
                if let selection { next.caret = selection.hi; return .success(next) }
                if caret == count { return .failure(.caretAtStart) }
                next.caret += 1
                return .success(next)
            case .right:
                if let selection { next.caret = selection.lo; return .success(next) }
                if caret == 0 { return .failure(.caretAtEnd) }
                next.caret -= 1
                return .success(next)
            case .home:
                next.caret = count
                return .success(next)
            case .end:
                next.caret = 0
                return .success(next)
            case .clear:
                return .success(Model())
            case .plus, .minus:
                if key == .plus && !negative { return .failure(.alreadyPositive) }
                if key == .minus && !configuration.allowsNegative { return .failure(.negativeNotAllowed) }
                next.negative = key == .minus ? !negative : false
                next.anchor = anchor
                return checked(next, configuration)
            // The keys that edit the text, below.
            case .digit, .doubleZero, .tripleZero, .decimal, .backspace, .delete, .enter:
                break
            }
            let limit = configuration.shownFractionDigits
            // `--while-typing pad` (react-number-format's fixedDecimalScale): the point stands and
            // the fraction holds `limit` digits from the first key typed.
            let pads = configuration.whileTyping == .pad && limit > 0
            var text = units
            var cursor = caret
            if let selection, key != .enter {
                text.removeSubrange((count - selection.hi)..<(count - selection.lo))
                cursor = selection.lo
            }
            if pads, selection == nil, let point = text.firstIndex(of: ".") {
                let typedFraction = text.count - point - 1
                // The point cannot be deleted: Backspace steps over it, Delete does nothing.
                if key == .backspace && cursor == typedFraction {
                    next.caret = cursor + 1
                    return .success(next)
                }
                if key == .delete && cursor == typedFraction + 1 { return .failure(.nothingToDeleteForward) }
            }
            /// Padding while typing, `typed` digits in the fraction push as many off its end.
            func cutFraction(for typed: Int) -> Rejection? {
                guard pads, let point = text.firstIndex(of: ".") else { return nil }
                let typedFraction = text.count - point - 1
                let excess = typedFraction + typed - limit
                guard cursor <= typedFraction, excess > 0 else { return nil }
                if excess > cursor { return .fractionFull(limit: limit) }
                text.removeLast(excess)
                cursor -= excess
                return nil
            }
            switch key {
            case .digit(let value):
                if let refusal = cutFraction(for: 1) { return .failure(refusal) }
                text.insert(Character(String(value)), at: text.count - cursor)
            case .doubleZero:
                if let refusal = cutFraction(for: 2) { return .failure(refusal) }
                text.insert(contentsOf: "00", at: text.count - cursor)
            case .tripleZero:
                if let refusal = cutFraction(for: 3) { return .failure(refusal) }
                text.insert(contentsOf: "000", at: text.count - cursor)
            case .decimal:
                // A field with no fraction digits takes no point (issue 30 #9).
                if limit == 0 { return .failure(.pointWouldOverflowFraction(limit: 0)) }
                if let point = text.firstIndex(of: ".") {
                    // A point already typed (outside the selection): `ignore` refuses the key,
                    // `step` unless typed just before it.
                    switch configuration.pointAgain {
                    case .move: break
                    case .ignore: return .failure(.pointAlreadyTyped)
                    case .step: if cursor != text.count - point { return .failure(.pointAlreadyTyped) }
                    }
                    cursor = text.count - point - 1
                } else {
                    text.insert(".", at: text.count - cursor)
                }
            case .backspace where selection == nil:
                if cursor == text.count { return .failure(.nothingToDelete) }
                text.remove(at: text.count - cursor - 1)
            case .delete where selection == nil:
                if cursor == 0 { return .failure(.nothingToDeleteForward) }
                text.remove(at: text.count - cursor)
                cursor -= 1
            case .backspace, .delete: break
            case .enter:
                // An empty field stays empty; otherwise the fraction padded to f, the point only where f > 0.
                if configuration.emptyWhenZero && !negative && units == ["0"] { return .success(next) }
                if configuration.onLeave == .keep {
                    // As typed, a bare point dropped (`$12.` → `$12`).
                    if text.last == "." { text.removeLast() }
                } else if limit == 0 {
                    text.removeAll { $0 == "." }
                } else {
                    let point: Character = "."
                    if text.firstIndex(of: point) == nil { text.append(point) }
                    let typed = text.count - text.firstIndex(of: point)! - 1
                    text += Array(repeating: "0", count: limit - typed)
                }
                cursor = 0
            // Named one by one, so a new key does not compile until it is placed.
            case .left, .right, .home, .end, .clear, .plus, .minus, .selectLeft, .selectRight, .selectHome, .selectEnd, .selectAll:
                preconditionFailure("\(key) was answered above, not as an edit of the text")
            }
            // Padding while typing: once a key typed something, or anything is left after a delete,
            // the point added where none stands and the fraction padded to `limit` zeros.
            let typed = key != .backspace && key != .delete
            if pads, key != .enter, typed || !text.isEmpty {
                if !text.contains(".") {
                    text.insert(".", at: text.count)
                    cursor += 1
                }
                let padding = limit - (text.count - text.firstIndex(of: ".")! - 1)
                if padding > 0 {
                    text += Array(repeating: "0", count: padding)
                    cursor += padding
                }
            }
            next.units = Self.normalized(text)
            if let typed = next.fraction, typed > limit { return .failure(key == .decimal ? .pointWouldOverflowFraction(limit: limit) : .fractionFull(limit: limit)) }
            // Deleting a padding zero changes nothing: refused; padding while typing, Backspace
            // there moved the caret (not refused) and Delete did nothing.
            let movedCaret = pads && min(cursor, next.units.count) != caret
            if selection == nil && next.digitString == digitString && next.fraction == fraction && !movedCaret {
                if key == .backspace { return .failure(.nothingToDelete) }
                if key == .delete && pads { return .failure(.nothingToDeleteForward) }
            }
            next.caret = min(cursor, next.units.count)
            return checked(next, configuration)
        }

        /// Limits: a step may not go (further) beyond `--max-digits`, `--max` or `--min`.
        func checked(_ next: Model, _ configuration: FieldConfiguration) -> Result<Model, Rejection> {
            let counted = next.countedDigits(configuration)
            if counted > configuration.maxDigits && counted > countedDigits(configuration) {
                return .failure(.tooManyDigits(limit: configuration.maxDigits))
            }
            if let maximum = configuration.maximum, next.amount > Decimal(string: maximum.description, locale: Self.posix)!,
               next.amount > amount {
                return .failure(.aboveMaximum(maximum.description))
            }
            if let minimum = configuration.minimum, next.amount < Decimal(string: minimum.description, locale: Self.posix)!,
               next.amount < amount {
                return .failure(.belowMinimum(minimum.description))
            }
            return .success(next)
        }

        /// `set`: the atm model's reading at `f` places, shown settled (every fraction digit).
        func setting(_ text: String, _ configuration: FieldConfiguration) -> Result<Model, FieldError> {
            FieldPropertyTests.Model().setting(text, configuration).map { atm in
                let limit = configuration.shownFractionDigits
                let padded = Array(String(repeating: "0", count: max(0, limit + 1 - atm.digits.count)) + atm.digits)
                let integer = Array(padded.dropLast(limit))
                return Model(negative: atm.negative, units: Self.normalized(limit > 0 ? integer + ["."] + padded.suffix(limit) : integer))
            }
        }
    }

    static let keys: [Key] = (0...9).map { Key.digit(UInt8($0)) } + Key.editingKeys

    struct Scenario: CustomStringConvertible {
        var configuration: FieldConfiguration
        var options: String
        var steps: [Key]
        var sets: [Int: String]

        var description: String { "new f --mode natural \(options); type \(keyScript(steps))" }
    }

    static func scenario(_ sequence: Int) -> Scenario? {
        var rng = FieldPropertyTests.generator(for: sequence &+ 1_000_003)
        let locale = LocaleCatalog.identifiers.randomElement(using: &rng)!
        let currency = FieldPropertyTests.currencies.randomElement(using: &rng)!
        let decimals = Int.random(in: 0..<8, using: &rng) == 0 ? Int.random(in: 0...6, using: &rng) : nil
        let maxDigits = Bool.random(using: &rng) ? 12 : Int.random(in: 1...30, using: &rng)
        let allowsNegative = Bool.random(using: &rng)
        let accounting = Int.random(in: 0..<4, using: &rng) == 0
        var display = DisplayStyle.allCases.randomElement(using: &rng)!
        // ICU's full-name pattern is broken in a few locales (en_LV: `EGP 12,5 Egyptian pounds0`); the
        // field shows what ICU shows there, but it has no digit slots to check a caret against.
        if display == .name && !Self.fullNameKeepsItsDigits(locale: locale, currency: currency) { display = .symbol }
        let emptyWhenZero = Int.random(in: 0..<5, using: &rng) == 0
        let maximum = Int.random(in: 0..<6, using: &rng) == 0 ? "\(Int.random(in: 1...99_999, using: &rng)).5" : nil
        let minimum = Int.random(in: 0..<8, using: &rng) == 0 ? "\(allowsNegative ? "-" : "")\(Int.random(in: 1...999, using: &rng))" : nil
        var options = "--locale \(locale) --currency \(currency) --max-digits \(maxDigits) --display \(display.rawValue)"
        if let decimals { options += " --decimals \(decimals)" }
        if let maximum { options += " --max \(maximum)" }
        if let minimum { options += " --min \(minimum)" }
        if allowsNegative { options += " --allow-negative" }
        if accounting { options += " --accounting" }
        if emptyWhenZero { options += " --empty-when-zero" }
        var steps: [Key] = []
        var sets: [Int: String] = [:]
        for index in 0..<Int.random(in: 1...50, using: &rng) {
            let roll = Int.random(in: 0..<100, using: &rng)
            switch roll {
            case 0..<40: steps.append(.digit(UInt8.random(in: 0...9, using: &rng)))
            case 40..<50: steps.append(.decimal)
            case 50..<51:
                sets[index] = FieldPropertyTests.plainAmount(integerDigits: 0...5, fractionDigits: 0...3, negative: Bool.random(using: &rng), using: &rng)
                steps.append(.end)
            default: steps.append(Self.keys.filter { if case .digit = $0 { false } else { true } }.randomElement(using: &rng)!)
            }
        }
        // Drawn after the steps, so the sequences drawn before emptying existed stay the same.
        let emptiable: Emptiable? = Int.random(in: 0..<3, using: &rng) == 0 ? Emptiable.allCases.randomElement(using: &rng) : nil
        let emptyShows = EmptyShows.allCases.randomElement(using: &rng)!
        if let emptiable { options += " --emptiable \(emptiable.rawValue)" }
        if emptyShows != .nothing { options += " --empty-shows \(emptyShows.rawValue)" }
        let startsEmpty = Int.random(in: 0..<4, using: &rng) == 0
        var pointAgain = Int.random(in: 0..<3, using: &rng) == 0 ? PointAgain.ignore : .move
        if startsEmpty { options += " --starts-empty" }
        // Drawn last, so the configurations drawn before these options existed stay the same.
        if pointAgain == .move && Int.random(in: 0..<2, using: &rng) == 0 { pointAgain = .step }
        let onLeave = Int.random(in: 0..<4, using: &rng) == 0 ? OnLeave.keep : .pad
        let whileTyping = Int.random(in: 0..<4, using: &rng) == 0 ? WhileTyping.pad : .keep
        if pointAgain != .move { options += " --point-again \(pointAgain.rawValue)" }
        if onLeave == .keep { options += " --on-leave keep" }
        if whileTyping == .pad { options += " --while-typing pad" }
        guard let configuration = try? FieldConfiguration(locale: locale, currency: currency, {
            $0.mode = .natural
            $0.decimals = decimals
            $0.maxDigits = maxDigits
            $0.maximum = maximum
            $0.minimum = minimum
            $0.allowsNegative = allowsNegative
            $0.accounting = accounting
            $0.display = display
            $0.emptyWhenZero = emptyWhenZero
            $0.emptiable = emptiable
            $0.emptyShows = emptyShows
            $0.startsEmpty = startsEmpty
            $0.pointAgain = pointAgain
            $0.onLeave = onLeave
            $0.whileTyping = whileTyping
        })
        else { return nil }
        return Scenario(configuration: configuration, options: options, steps: steps, sets: sets)
    }

    static func fullNameKeepsItsDigits(locale: String, currency: String) -> Bool {
        let shown = Decimal(string: "1234.5", locale: Model.posix)!.formatted(
            Decimal.FormatStyle.Currency(code: currency, locale: Locale(identifier: locale)).precision(.fractionLength(1)).presentation(.fullName))
        return FieldReference.digitGlyphs(in: shown).count == 5 && shown.unicodeScalars.last?.properties.numericType == nil
    }

    /// What went wrong in one scenario, or nil.
    static func check(_ scenario: Scenario) -> String? {
        var field = MoneyField(scenario.configuration)
        var model = Model(emptied: scenario.configuration.startsEmpty)
        guard model.agrees(with: field.state) else { return "made: state \(field.state), model \(model)" }
        for (index, key) in scenario.steps.enumerated() {
            let at = "after step \(index) (\(keyScript(Array(scenario.steps.prefix(index + 1)))))"
            let before = field
            if let text = scenario.sets[index] {
                let expected = model.setting(text, field.configuration)
                do {
                    try field.set(text)
                    guard case .success(let next) = expected else { return "\(at): set \(text) taken, model says \(expected)" }
                    model = next
                } catch {
                    guard field == before, case .failure(let modelError) = expected, modelError == error.withoutGroupedReading else {
                        return "\(at): set \(text) failed with \(error), model says \(expected)"
                    }
                }
                guard model.agrees(with: field.state) else { return "\(at): set \(text): state \(field.state), model \(model)" }
                continue
            }
            let expected = model.pressing(key, field.configuration)
            do {
                try field.press(key)
                guard case .success(let next) = expected else { return "\(at): taken, the model refuses it: \(expected)" }
                model = next
            } catch {
                // A refused key may bring the focus back, and nothing else.
                var refocused = before
                refocused.focus()
                guard field == refocused, field.marked == refocused.marked else { return "\(at): a refused key changed the field" }
                guard case .failure(let rejection) = expected, rejection == error else {
                    return "\(at): refused with \(error), model says \(expected)"
                }
            }
            guard model.agrees(with: field.state) else { return "\(at): state \(field.state), model \(model)" }
            if let problem = FieldReference.problems(in: field).first { return "\(at): \(problem)" }
            // Every caret stop's offset is the reference's, and a tap there finds it again.
            if !field.isEmpty {
                for stop in 0...field.slotCount where field.caretSlot(nearestUTF16Offset: field.caretOffset(forSlot: stop)) != stop {
                    return "\(at): a tap at stop \(stop)'s offset lands elsewhere in \(field.marked)"
                }
            }
        }
        return nil
    }

    @Test("random key sequences on random natural fields follow the unit model", arguments: 0..<4)
    func randomSequences(shard: Int) {
        var failures = 0
        for sequence in stride(from: shard, to: Self.sequenceCount, by: 4) {
            guard let scenario = Self.scenario(sequence) else { continue }
            if let failure = Self.check(scenario) {
                Issue.record("sequence \(sequence): \(scenario)\n  \(failure)")
                failures += 1
                if failures == 10 { return }
            }
        }
    }

    @Test("the generator reaches every key, with and without the point")
    func coverage() {
        let scenarios = (0..<Self.sequenceCount).compactMap(Self.scenario)
        #expect(scenarios.count > Self.sequenceCount * 9 / 10)
        #expect(Set(scenarios.flatMap(\.steps)).count == Self.keys.count)
        #expect(scenarios.contains { $0.configuration.shownFractionDigits == 0 })
        #expect(Set(scenarios.map(\.configuration.display)).count == DisplayStyle.allCases.count)
        #expect(scenarios.filter { !$0.sets.isEmpty }.count > 50)
        #expect(Set(scenarios.compactMap(\.configuration.emptiable)) == Set(Emptiable.allCases))
        #expect(scenarios.contains { $0.configuration.emptyShows == .symbol })
        #expect(scenarios.contains { $0.configuration.startsEmpty && !$0.configuration.emptyWhenZero && $0.configuration.emptiable == nil })
        #expect(scenarios.contains { $0.configuration.pointAgain == .ignore && $0.steps.filter { $0 == .decimal }.count > 1 })
        #expect(scenarios.contains { $0.configuration.pointAgain == .step && $0.steps.filter { $0 == .decimal }.count > 1 })
        #expect(scenarios.contains { $0.configuration.onLeave == .keep && $0.steps.contains(.enter) })
        #expect(scenarios.contains { $0.configuration.whileTyping == .pad && $0.configuration.shownFractionDigits > 0 && $0.steps.contains(.backspace) })
    }

    static let startingTexts = ["0", "0.", "5", "0.5", "0.05", "12.", "12.3", "12.34", "1000", "105.0", "123456.78"]

    @Test("each key from each caret position follows the model", arguments: [
        ("en_US", "USD"), ("fr_FR", "EUR"), ("ar_EG", "EGP"), ("en_IN", "INR"), ("ja_JP", "JPY"), ("ar_KW", "KWD"),
        ("he_IL", "ILS"), ("th_TH@numbers=thai", "THB"),
    ])
    func everyCaretAndKey(locale: String, currency: String) throws {
        let configuration = try FieldConfiguration(locale: locale, currency: currency) {
            $0.mode = .natural
            $0.allowsNegative = true
        }
        let limit = configuration.shownFractionDigits
        for text in Self.startingTexts {
            // A starting text the currency can hold, typed as an operator would.
            let typed = Array(text)
            if let point = typed.firstIndex(of: "."), typed.count - point - 1 > limit || limit == 0 { continue }
            for negative in [false, true] {
                var start = MoneyField(configuration)
                typeAccepted((negative ? "<neg>" : "") + text.replacingOccurrences(of: ".", with: "<dec>"), into: &start)
                for caret in 0...start.slotCount {
                    var atCaret = start
                    try atCaret.tap(atUTF16Offset: start.caretOffset(forSlot: caret))
                    let model = Model(negative: negative, units: Model.normalized(typed), caret: caret)
                    #expect(model.agrees(with: atCaret.state), "\(locale) \(text) c=\(caret)")
                    expectConsistent(atCaret, "\(locale) \(text) c=\(caret)")
                    for key in Self.keys {
                        let label = "\(locale) \(currency) \(negative ? "-" : "")\(text) c=\(caret) \(key)"
                        ExhaustiveCaretTests.expectKey(key, on: atCaret, follows: model.pressing(key, configuration),
                                                       agrees: { $0.agrees(with: $1) }, label)
                    }
                }
            }
        }
    }
}
