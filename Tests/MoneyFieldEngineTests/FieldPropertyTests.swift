import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldTestSupport
import PropertyBased
import Testing

/// Random key sequences on random fields, every step checked against SPEC §1.
///
/// Each sequence is drawn from its own deterministic seed (the sequence number), so a failure
/// names a sequence that fails again on every run. The fields use every locale Foundation lists.
@Suite("field properties")
struct FieldPropertyTests {
    /// 2,400 by default; `MONEYFIELD_SEQUENCES=100000 swift test --filter FieldPropertyTests` hunts longer.
    static let sequenceCount = ProcessInfo.processInfo.environment["MONEYFIELD_SEQUENCES"].flatMap { Int($0) } ?? 2_400

    static let currencies = [
        "USD", "EUR", "JPY", "KWD", "CLF", "INR", "GBP", "CHF", "BHD", "IDR", "ILS", "IRR", "EGP", "ZAR",
        "VND", "ISK", "TND", "UYW", "BRL", "CNY", "KRW", "XAF", "SAR", "MXN",
    ]

    /// One thing done to the field: a key, or a command that is not a key.
    enum Step: Equatable, CustomStringConvertible {
        case key(Key)
        case locale(String)
        case currency(String, round: Bool)
        case paste(String)
        case set(String)

        var description: String {
            switch self {
            case .key(let key): Scenario.script([key])
            case .locale(let id): "; locale \(id); "
            case .currency(let code, let round): "; currency \(code)\(round ? " --round" : ""); "
            case .paste(let text): "; paste \(visible(text)); "
            case .set(let text): "; set \(text); "
            }
        }
    }

    /// A field's settings and the steps taken on it.
    @dynamicMemberLookup
    struct Scenario: CustomStringConvertible {
        var settings: FieldSettings
        var steps: [Step]

        subscript<Value>(dynamicMember path: KeyPath<FieldSettings, Value>) -> Value { settings[keyPath: path] }

        func configuration() throws -> FieldConfiguration { try FieldConfiguration(settings) }

        var description: String {
            var options = ["--locale \(self.locale)", "--currency \(self.currency)", "--mode \(self.mode.rawValue)", "--max-digits \(self.maxDigits)"]
            if let decimals = self.decimals { options.append("--decimals \(decimals)") }
            if let maximum = self.maximum { options.append("--max \(maximum)") }
            if let minimum = self.minimum { options.append("--min \(minimum)") }
            if self.allowsNegative { options.append("--allow-negative") }
            if self.accounting { options.append("--accounting") }
            if self.emptyWhenZero { options.append("--empty-when-zero") }
            if let emptiable = self.emptiable { options.append("--emptiable \(emptiable.rawValue)") }
            if self.emptyShows != .nothing { options.append("--empty-shows \(self.emptyShows.rawValue)") }
            if self.startsEmpty { options.append("--starts-empty") }
            return "new f " + options.joined(separator: " ") + "; type " + Self.script(steps)
        }

        static func script(_ keys: some Sequence<Key>) -> String {
            keyScript(Array(keys))
        }

        static func script(_ steps: some Sequence<Step>) -> String { steps.map(\.description).joined() }
    }

    /// Xoshiro seeded from the sequence number through SplitMix64, so neighbouring numbers diverge.
    static func generator(for sequence: Int) -> Xoshiro {
        var seeds = SplitMix64(seed: UInt64(sequence) &+ 0x9E37_79B9_7F4A_7C15)
        return Xoshiro(seed: (seeds.next(), seeds.next(), seeds.next(), seeds.next()))
    }

    /// A canonical plain amount: no leading zeros, `0` before a bare fraction, no sign on zero.
    static func plainAmount(integerDigits: ClosedRange<Int>, fractionDigits: ClosedRange<Int>, negative: Bool,
                            using rng: inout Xoshiro) -> String {
        func digits(_ count: Int) -> String {
            var text = ""
            for _ in 0..<count { text.append("0123456789".randomElement(using: &rng)!) }
            return text
        }
        var integer = String(digits(Int.random(in: integerDigits, using: &rng)).drop { $0 == "0" })
        if integer.isEmpty { integer = "0" }
        let fractionCount = Int.random(in: fractionDigits, using: &rng)
        let fraction = fractionCount > 0 ? "." + digits(fractionCount) : ""
        let isZero = (integer + fraction).allSatisfy { $0 == "0" || $0 == "." }
        return (negative && !isZero ? "-" : "") + integer + fraction
    }

    static func scenario(_ sequence: Int) -> Scenario {
        var rng = generator(for: sequence)
        let locale = LocaleCatalog.identifiers.randomElement(using: &rng)!
        let currency = currencies.randomElement(using: &rng)!
        let mode: EntryMode = Int.random(in: 0..<10, using: &rng) < 3 ? .whole : .atm
        let decimals = Int.random(in: 0..<10, using: &rng) == 0 ? Int.random(in: 0...6, using: &rng) : nil
        let maxDigits = switch Int.random(in: 0..<10, using: &rng) {
        case 0..<3: 30
        case 3..<6: 12
        default: Int.random(in: 1...30, using: &rng)
        }
        let allowsNegative = Bool.random(using: &rng)
        let accounting = Int.random(in: 0..<4, using: &rng) == 0
        func limit(negative: Bool) -> String {
            plainAmount(integerDigits: 1...5, fractionDigits: Int.random(in: 0..<3, using: &rng) == 0 ? 1...1 : 0...0,
                        negative: negative, using: &rng)
        }
        var maximum = Int.random(in: 0..<6, using: &rng) == 0 ? limit(negative: false) : nil
        var minimum = Int.random(in: 0..<8, using: &rng) == 0 ? limit(negative: allowsNegative) : nil
        if let low = minimum.flatMap({ ExactDecimal(plain: $0) }), let high = maximum.flatMap({ ExactDecimal(plain: $0) }), low > high {
            swap(&minimum, &maximum)
        }
        let stepCount = Int.random(in: 1...60, using: &rng)
        let unicodeDigits: [Character] = ["٣", "۷", "४", "５", "𞥙", "٠"]
        var steps: [Step] = []
        for _ in 0..<stepCount {
            let roll = Int.random(in: 0..<230, using: &rng)
            let step: Step = switch roll {
            case 0..<96: .key(.digit(UInt8.random(in: 0...9, using: &rng)))
            case 96..<102: .key(Key(digit: unicodeDigits.randomElement(using: &rng)!)!)
            case 102..<126: .key(.backspace)
            case 126..<138: .key(.delete)
            case 138..<158: .key(.left)
            case 158..<170: .key(.right)
            case 170..<176: .key(.home)
            case 176..<182: .key(.end)
            case 182..<192: .key(.minus)
            case 192..<194: .key(.clear)
            case 194..<196:
                .locale(localeSpelling(LocaleCatalog.identifiers.randomElement(using: &rng)!, using: &rng))
            case 196..<198:
                .currency(currencies.randomElement(using: &rng)!, round: Bool.random(using: &rng))
            case 200..<230:
                // Any named key, from the compiler's list: a new key is drawn without a line here.
                .key(Key.editingKeys.randomElement(using: &rng)!)
            case 198:
                .paste(["$", "1,2", "٣.٤", " 5 ", "abc", "९", "0"].shuffled(using: &rng).prefix(3).joined())
            default:
                .set(plainAmount(integerDigits: 0...(Bool.random(using: &rng) ? 4 : 32), fractionDigits: 0...4,
                                 negative: Int.random(in: 0..<4, using: &rng) == 0, using: &rng))
            }
            steps.append(step)
        }
        // Drawn after the steps, so the sequences drawn before the empty state existed stay the same.
        let emptyWhenZero = Int.random(in: 0..<5, using: &rng) == 0
        let emptiable: Emptiable? = Int.random(in: 0..<4, using: &rng) == 0 ? Emptiable.allCases.randomElement(using: &rng) : nil
        let emptyShows = EmptyShows.allCases.randomElement(using: &rng)!
        let startsEmpty = Int.random(in: 0..<4, using: &rng) == 0
        var settings = FieldSettings()
        settings.locale = locale
        settings.currency = currency
        settings.mode = mode
        settings.decimals = decimals
        settings.maxDigits = maxDigits
        settings.maximum = maximum
        settings.minimum = minimum
        settings.allowsNegative = allowsNegative
        settings.accounting = accounting
        settings.emptyWhenZero = emptyWhenZero
        settings.emptiable = emptiable
        settings.emptyShows = emptyShows
        settings.startsEmpty = startsEmpty
        return Scenario(settings: settings, steps: steps)
    }

    /// The catalog's identifier as a user might write it: as listed, BCP 47 style, or asking for Latin digits.
    static func localeSpelling(_ id: String, using rng: inout Xoshiro) -> String {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: id.replacingOccurrences(of: "_", with: "-")
        case 1: id + "@numbers=latn"
        default: id
        }
    }

    /// SPEC §1 written again, plainly, on strings of ASCII digits; amounts compared with Foundation's Decimal.
    struct Model: Equatable {
        var negative = false
        var digits = ""
        var caret = 0
        var anchor: Int?
        /// Emptied by deleting (`--emptiable`), or made or cleared empty (`--starts-empty`).
        var emptied = false

        /// An empty display: emptied, or a positive zero under `--empty-when-zero`.
        func isEmpty(_ configuration: FieldConfiguration) -> Bool {
            emptied || (configuration.emptyWhenZero && digits.isEmpty && !negative)
        }

        /// SPEC §1's empty fields over the keys of a field that shows something: an empty one has
        /// one caret stop and nothing to select, a digit (or zeros) fills it from there, a sign
        /// cannot stand on an emptied one; an emptiable one is emptied by the delete its option names.
        func pressing(_ key: Key, _ configuration: FieldConfiguration) -> Result<Model, Rejection> {
            var start = self
            // `clear` empties an emptiable field or one that starts empty, whether it showed something or not.
            if key == .clear, configuration.emptiable != nil || configuration.startsEmpty { return .success(Model(emptied: true)) }
            if isEmpty(configuration) {
                start.caret = 0
                start.anchor = nil
                switch EmptyFieldKey(key, allowsNegative: configuration.allowsNegative) {
                case .refused(let rejection): return .failure(rejection)
                case .stays: return .success(start)
                case .fills: start.emptied = false
                }
            } else if let emptiable = configuration.emptiable, key == .backspace || key == .delete {
                let slots = max(digits.count, configuration.shownFractionDigits + 1)
                let selection = anchor.flatMap { $0 == caret ? nil : (min($0, caret), max($0, caret)) }
                let wholeSelected = selection.map { $0.0 == 0 && $0.1 == slots } ?? true
                let hasSlot = key == .backspace ? caret < slots : caret > 0
                // last-digit counts digit glyphs where zero shows one (whole mode, f = 0): the delete
                // that takes every glyph shown empties; with f > 0 it empties as at-zero does.
                if emptiable == .lastDigit && configuration.shownFractionDigits == 0 {
                    let removed = selection.map { $0.1 - $0.0 } ?? (hasSlot ? 1 : 0)
                    if removed > 0 && removed == slots { return .success(Model(emptied: true)) }
                } else if digits.isEmpty && wholeSelected && (selection != nil || hasSlot) {
                    return .success(Model(emptied: true))
                }
            }
            return start.pressingShown(key, configuration).map { next in
                guard next.isEmpty(configuration) else { return next }
                var empty = next
                empty.caret = 0
                empty.anchor = nil
                return empty
            }
        }

        static let posix = Locale(identifier: "en_US_POSIX")

        static func decimal(_ plain: String) -> Decimal { Decimal(string: plain, locale: posix)! }

        /// The signed amount the digit string stands for at `scale`.
        func amount(_ scale: Int) -> Decimal { Self.scaled(negative: negative, digits: digits, scale: scale) }

        static func scaled(negative: Bool, digits: String, scale: Int) -> Decimal {
            var unscaled = digits.isEmpty ? Decimal(0) : decimal(digits)
            var scaled = Decimal()
            _ = NSDecimalMultiplyByPowerOf10(&scaled, &unscaled, Int16(-scale), .plain)
            return negative ? -scaled : scaled
        }

        /// `-1234.50` for `negative`, `"123450"` at scale 2; the sign only on a non-zero amount.
        static func plain(negative: Bool, digits: String, scale: Int) -> String {
            let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
            let sign = negative && !digits.isEmpty ? "-" : ""
            return scale == 0 ? sign + padded : sign + padded.dropLast(scale) + "." + padded.suffix(scale)
        }

        /// The digit string for a magnitude that is a whole number of units at `scale`, or nil.
        static func digitString(_ amount: Decimal, scale: Int) -> String? {
            var value = amount < 0 ? -amount : amount
            var shifted = Decimal()
            _ = NSDecimalMultiplyByPowerOf10(&shifted, &value, Int16(scale), .plain)
            var whole = Decimal()
            NSDecimalRound(&whole, &shifted, 0, .plain)
            guard whole == shifted else { return nil }
            let text = whole.description
            return text == "0" ? "" : text
        }

        /// Whether some amount of at most `maxDigits` digits at `scale` lies within the limits: an integer
        /// count of units between the limits, each limit counted in units (scenario limits have ≤ 1 fraction digit).
        static func limitsHoldAnAmount(_ minimum: String?, _ maximum: String?, scale: Int, maxDigits: Int,
                                       allowsNegative: Bool) -> Bool {
            let largest = Decimal(sign: .plus, exponent: maxDigits, significand: 1) - 1
            func units(_ plain: String) -> Decimal { decimal(plain) * Decimal(sign: .plus, exponent: scale, significand: 1) }
            var low = allowsNegative ? -largest : 0
            var high = largest
            if let minimum { low = max(low, units(minimum)) }
            if let maximum { high = min(high, units(maximum)) }
            var lowUnits = low, highUnits = high, ceiling = Decimal(), floor = Decimal()
            NSDecimalRound(&ceiling, &lowUnits, 0, .up)  // toward +∞
            NSDecimalRound(&floor, &highUnits, 0, .down)
            return ceiling <= floor
        }

        func limitRejection(from old: Decimal, to new: Decimal, _ configuration: FieldConfiguration) -> Rejection? {
            if let maximum = configuration.maximum, new > Self.decimal(maximum.description), new > old {
                return .aboveMaximum(maximum.description)
            }
            if let minimum = configuration.minimum, new < Self.decimal(minimum.description), new < old {
                return .belowMinimum(minimum.description)
            }
            return nil
        }

        /// SPEC §1 Selection's moving keys over `stops` caret stops: the caret moves, the anchor stays
        /// where the selection began; no selection when they meet.
        enum Selecting { case left, right, home, end, all }

        static func selecting(_ key: Selecting, caret: Int, anchor: Int?, stops: Int) -> Result<(caret: Int, anchor: Int?), Rejection> {
            var moved = (caret: caret, anchor: anchor ?? caret)
            switch key {
            case .left:
                if caret == stops { return .failure(.caretAtStart) }
                moved.caret += 1
            case .right:
                if caret == 0 { return .failure(.caretAtEnd) }
                moved.caret -= 1
            case .home: moved.caret = stops
            case .end: moved.caret = 0
            case .all: moved = (0, stops)
            }
            return .success((moved.caret, moved.anchor == moved.caret ? nil : moved.anchor))
        }

        func pressingShown(_ key: Key, _ configuration: FieldConfiguration) -> Result<Model, Rejection> {
            let shown = configuration.shownFractionDigits
            let slots = max(digits.count, shown + 1)
            var padded = Array(String(repeating: "0", count: slots - digits.count) + digits)
            var next = self
            next.anchor = nil
            func strip(_ characters: [Character]) -> String { String(characters.drop { $0 == "0" }) }
            // SPEC §1 Selection: lo and hi bound the selected slots.
            let selection: (lo: Int, hi: Int)? = anchor.flatMap { $0 == caret ? nil : (min($0, caret), max($0, caret)) }
            func select(_ move: Selecting) -> Result<Self, Rejection> {
                Self.selecting(move, caret: caret, anchor: anchor, stops: slots).map { moved in
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
            case .enter:
                return .success(next)
            case .decimal:
                return .failure(.decimalKeyNeedsNaturalMode)
            case .plus:
                if !negative { return .failure(.alreadyPositive) }
                next.negative = false
                next.anchor = anchor
            case .minus:
                if !configuration.allowsNegative { return .failure(.negativeNotAllowed) }
                next.negative.toggle()
                next.anchor = anchor
            case .left where selection != nil:
                next.caret = selection!.hi
                return .success(next)
            case .right where selection != nil:
                next.caret = selection!.lo
                return .success(next)
            case .digit, .backspace, .delete, .doubleZero, .tripleZero:
                let typed: [Character] = switch key {
                case .digit(let value): [Character(String(value))]
                case .doubleZero: ["0", "0"]
                case .tripleZero: ["0", "0", "0"]
                default: []
                }
                if let (lo, hi) = selection {
                    padded.replaceSubrange((slots - hi)..<(slots - lo), with: typed)
                    next.digits = strip(padded)
                    next.caret = lo
                } else if key == .doubleZero || key == .tripleZero {
                    // Each zero as the 0 key; all or nothing.
                    var step = next
                    for _ in typed {
                        switch step.pressing(.digit(0), configuration) {
                        case .success(let after): step = after
                        case .failure(let rejection): return .failure(rejection)
                        }
                    }
                    return .success(step)
                } else {
                    return next.pressingWithoutSelection(key, configuration, slots: slots, padded: padded)
                }
            // `left` and `right` with no selection (with one, they were answered above).
            case .left, .right, .home, .end, .clear:
                return next.pressingWithoutSelection(key, configuration, slots: slots, padded: padded)
            }
            return next.checked(against: self, configuration)
        }

        /// The model's verdict on `next` as the result of a key on `self`: limits, then the caret clamped.
        func checked(against before: Model, _ configuration: FieldConfiguration) -> Result<Model, Rejection> {
            let shown = configuration.shownFractionDigits
            var next = self
            if next.digits.count > configuration.maxDigits && next.digits.count > before.digits.count {
                return .failure(.tooManyDigits(limit: configuration.maxDigits))
            }
            if let rejection = before.limitRejection(from: before.amount(shown), to: next.amount(shown), configuration) {
                return .failure(rejection)
            }
            next.caret = min(next.caret, max(next.digits.count, shown + 1))
            if let anchor = next.anchor { next.anchor = anchor == next.caret ? nil : min(anchor, max(next.digits.count, shown + 1)) }
            return .success(next)
        }

        func pressingWithoutSelection(_ key: Key, _ configuration: FieldConfiguration, slots: Int, padded: [Character]) -> Result<Model, Rejection> {
            var padded = padded
            var next = self
            let before = self
            func strip(_ characters: [Character]) -> String { String(characters.drop { $0 == "0" }) }
            switch key {
            case .digit(let value):
                padded.insert(Character(String(value)), at: slots - caret)
                next.digits = strip(padded)
            case .backspace:
                if caret == slots { return .failure(.nothingToDelete) }
                padded.remove(at: slots - caret - 1)
                next.digits = strip(padded)
                // Backspacing a padding zero ($0.0|5) changes nothing at all: refused (README).
                if next.digits == digits { return .failure(.nothingToDelete) }
            case .delete:
                if caret == 0 { return .failure(.nothingToDeleteForward) }
                padded.remove(at: slots - caret)
                next.digits = strip(padded)
                // SPEC §1: delete always moves the caret one slot right, even over a padding zero.
                next.caret -= 1
            case .left:
                if caret == slots { return .failure(.caretAtStart) }
                next.caret += 1
            case .right:
                if caret == 0 { return .failure(.caretAtEnd) }
                next.caret -= 1
            case .home: next.caret = slots
            case .end: next.caret = 0
            case .minus:
                if !configuration.allowsNegative { return .failure(.negativeNotAllowed) }
                next.negative.toggle()
            case .clear:
                return .success(Model())
            // Named one by one, so a new key does not compile until it is placed.
            case .doubleZero, .tripleZero, .plus, .decimal, .enter, .selectLeft, .selectRight, .selectHome, .selectEnd, .selectAll:
                preconditionFailure("pressingShown answers \(key) itself")
            }
            // A limit refuses only a step that goes (further) outside it.
            return next.checked(against: before, configuration)
        }

        /// `currency CODE [--round]`: the new digits and how the change went, or the error.
        func changingCurrency(to code: String, round: Bool, _ configuration: FieldConfiguration)
            -> Result<(Model, MoneyField.CurrencyChange), FieldError>
        {
            let oldScale = configuration.shownFractionDigits
            let newFraction = configuration.decimals ?? CurrencyCatalog.fractionDigits(for: code)
            let newScale = configuration.mode == .atm ? newFraction : 0
            if !Self.limitsHoldAnAmount(configuration.minimum?.description, configuration.maximum?.description, scale: newScale,
                                        maxDigits: configuration.maxDigits, allowsNegative: configuration.allowsNegative) {
                return .failure(.noAmountWithinLimits(minimum: configuration.minimum?.description,
                                                      maximum: configuration.maximum?.description, fractionDigits: newScale))
            }
            let oldValue = Self.plain(negative: negative, digits: digits, scale: oldScale)
            var change = MoneyField.CurrencyChange.exact
            var newDigits: String
            if let exact = Self.digitString(amount(oldScale), scale: newScale) {
                newDigits = exact
            } else if round {
                var magnitude = Self.scaled(negative: false, digits: digits, scale: oldScale)
                var rounded = Decimal()
                NSDecimalRound(&rounded, &magnitude, newScale, .bankers)
                newDigits = Self.digitString(rounded, scale: newScale)!
                change = .rounded(from: oldValue, to: Self.plain(negative: negative, digits: newDigits, scale: newScale))
            } else {
                return .failure(.amountNeedsRounding(oldValue, currency: code, allowed: newScale))
            }
            if newDigits.count > configuration.maxDigits {
                return .failure(.tooManyDigits(oldValue, limit: configuration.maxDigits))
            }
            if case .rounded(_, let to) = change {
                let new = Self.scaled(negative: negative, digits: newDigits, scale: newScale)
                if let maximum = configuration.maximum, new > Self.decimal(maximum.description) {
                    return .failure(.outsideLimits(to, .aboveMaximum(maximum.description)))
                }
                if let minimum = configuration.minimum, new < Self.decimal(minimum.description) {
                    return .failure(.outsideLimits(to, .belowMinimum(minimum.description)))
                }
            }
            // A caret at the end stays there; elsewhere it stays by its digit as the fraction grows or shrinks.
            let slots = max(newDigits.count, newScale + 1)
            let newCaret = caret == 0 ? 0 : min(max(caret + newScale - oldScale, 0), slots)
            var next = Model(negative: negative, digits: newDigits, caret: newCaret, emptied: emptied)
            if next.isEmpty(configuration) { next.caret = 0 }
            return .success((next, change))
        }

        /// `set PLAIN` for a canonical plain amount.
        func setting(_ text: String, _ configuration: FieldConfiguration) -> Result<Model, FieldError> {
            let scale = configuration.shownFractionDigits
            let isNegative = text.hasPrefix("-")
            let unsigned = isNegative ? String(text.dropFirst()) : text
            let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
            var fraction = parts.count > 1 ? String(parts[1]) : ""
            while fraction.last == "0" { fraction.removeLast() }
            if fraction.count > scale {
                return .failure(.tooManyFractionDigits(text, allowed: scale, because: configuration.fractionDigitsRule))
            }
            let normalized = (isNegative ? "-" : "") + String(parts[0]) + (fraction.isEmpty ? "" : "." + fraction)
            if isNegative && !configuration.allowsNegative { return .failure(.negativeNotAllowed(text)) }
            let digits = String((String(parts[0]) + fraction + String(repeating: "0", count: scale - fraction.count))
                .drop { $0 == "0" })
            if digits.count > configuration.maxDigits {
                return .failure(.tooManyDigits(normalized, limit: configuration.maxDigits))
            }
            let amount = Self.decimal(text)
            if let maximum = configuration.maximum, amount > Self.decimal(maximum.description) {
                return .failure(.outsideLimits(text, .aboveMaximum(maximum.description)))
            }
            if let minimum = configuration.minimum, amount < Self.decimal(minimum.description) {
                return .failure(.outsideLimits(text, .belowMinimum(minimum.description)))
            }
            return .success(Model(negative: isNegative, digits: digits, caret: 0))
        }

        func agrees(with state: FieldState) -> Bool {
            state.isNegative == negative && state.digitString == digits && state.caretSlotsFromEnd == caret
                && state.selectionAnchor == anchor && state.isEmptied == emptied
        }
    }

    /// What went wrong in one sequence, or nil.
    static func check(_ scenario: Scenario) -> String? {
        let configuration: FieldConfiguration
        do {
            configuration = try scenario.configuration()
        } catch FieldError.noAmountWithinLimits {
            var unlimited = scenario.settings
            unlimited.maximum = nil
            unlimited.minimum = nil
            let scale = (try? FieldConfiguration(unlimited))?.shownFractionDigits ?? -1
            return Model.limitsHoldAnAmount(scenario.minimum, scenario.maximum, scale: scale, maxDigits: scenario.maxDigits,
                                            allowsNegative: scenario.allowsNegative) ? "limits that hold an amount refused" : nil
        } catch {
            return "configuration refused: \(error)"
        }
        var field = MoneyField(configuration)
        var model = Model(emptied: configuration.startsEmpty)
        var style = FieldReference.style(for: configuration)
        if let problem = FieldReference.problems(in: field, style: style).first { return "empty field: \(problem)" }
        for (index, step) in scenario.steps.enumerated() {
            let before = field
            let at = "after step \(index) (\(Scenario.script(scenario.steps.prefix(index + 1))))"
            switch step {
            case .key(let key):
                let expected = model.pressing(key, field.configuration)
                do {
                    try field.press(key)
                    guard case .success(let next) = expected else { return "\(at): taken, the model refuses it: \(expected)" }
                    model = next
                } catch {
                    // A refused key may bring the focus back, and nothing else.
                    var refocused = before
                    refocused.focus()
                    guard field == refocused, field.marked == refocused.marked else { return "\(at): refused key changed the field" }
                    guard case .failure(let rejection) = expected, rejection == error else {
                        return "\(at): refused with \(error), model says \(expected)"
                    }
                }
            case .locale(let id):
                do {
                    try field.changeLocale(to: id)
                } catch {
                    return "\(at): \(error.localizedDescription)"
                }
                guard field.state == before.state else { return "\(at): a locale change changed the state" }
                style = FieldReference.style(for: field.configuration)
            case .currency(let code, let round):
                let expected = model.changingCurrency(to: code, round: round, field.configuration)
                do {
                    let change = try field.changeCurrency(to: code, round: round)
                    guard case .success(let (next, expectedChange)) = expected, change == expectedChange else {
                        return "\(at): changed (\(change)), the model says \(expected)"
                    }
                    model = next
                    style = FieldReference.style(for: field.configuration)
                } catch {
                    guard field == before else { return "\(at): a refused currency change changed the field" }
                    guard case .failure(let modelError) = expected, modelError == error else {
                        return "\(at): refused with \(error), model says \(expected)"
                    }
                }
            case .paste(let text) where Self.pastesAsAmount(text):
                // An amount (issue 36): read whole as set reads it into a zero or wholly selected
                // field, refused anywhere else; never its digits typed.
                // set (checked on its own below) is the oracle for what the amount reads as.
                let takesAmount = (before.state.digits.isEmpty && before.state.typedFraction == nil && !before.state.isNegative)
                    || (before.state.selectedSlots.map { $0.low == 0 && $0.high == before.slotCount } ?? false)
                var asSet: MoneyField? = before
                if takesAmount { do { try asSet?.set(text) } catch { asSet = nil } } else { asSet = nil }
                do throws(MoneyField.EditFailure) {
                    let outcome = try field.paste(text)
                    guard outcome.readAsAmount, let asSet, field.state == asSet.state else {
                        return "\(at): pasted \(outcome), set gives \(String(describing: asSet?.state))"
                    }
                    model = Model(negative: field.state.isNegative, digits: field.state.digitString, caret: field.state.caretSlotsFromEnd)
                } catch {
                    guard field == before else { return "\(at): a refused paste changed the field" }
                    guard asSet == nil else { return "\(at): paste refused with \(error), set reads it" }
                    if !takesAmount && error != .field(.amountIntoAmount(text)) { return "\(at): into an amount, refused with \(error)" }
                }
            case .paste(let text):
                let found = text.unicodeScalars.filter { $0.properties.generalCategory == .decimalNumber }
                // All or nothing: every digit typed, or the first refusal and the field unchanged.
                var trial = model
                var stoppedBy: Rejection?
                for scalar in found {
                    switch trial.pressing(Key(digit: Character(scalar))!, field.configuration) {
                    case .success(let next): trial = next
                    case .failure(let rejection): stoppedBy = rejection
                    }
                    if stoppedBy != nil { break }
                }
                do throws(MoneyField.EditFailure) {
                    let outcome = try field.paste(text)
                    guard stoppedBy == nil, !outcome.readAsAmount, outcome.digits == found.count else {
                        return "\(at): paste \(outcome), model says stopped by \(String(describing: stoppedBy))"
                    }
                    model = trial
                } catch {
                    guard field == before, error == .rejected(stoppedBy ?? .notADigit(99)) else {
                        return "\(at): paste refused with \(error), model says \(String(describing: stoppedBy)); unchanged: \(field == before)"
                    }
                }
            case .set(let text):
                let expected = model.setting(text, field.configuration)
                do {
                    try field.set(text)
                    guard case .success(let next) = expected else { return "\(at): set, the model says \(expected)" }
                    model = next
                } catch {
                    guard field == before else { return "\(at): a failed set changed the field" }
                    guard case .failure(let modelError) = expected, modelError == error.withoutGroupedReading else {
                        return "\(at): set failed with \(error), model says \(expected)"
                    }
                }
            }
            guard model.agrees(with: field.state) else { return "\(at): state \(field.state), model \(model)" }
            if let problem = FieldReference.problems(in: field, style: style).first { return "\(at): \(problem)" }
        }
        // What the field shows reads back as the same amount (an empty display shows none).
        if !(field.state.digits.isEmpty && field.state.isNegative) && !field.isEmpty {
            let shown = field.configuration
            do {
                var reader = MoneyField(try FieldConfiguration(locale: shown.locale, currency: shown.currency) {
                    $0.mode = shown.mode
                    $0.decimals = shown.decimals
                    $0.maxDigits = 30
                    $0.allowsNegative = true
                    $0.accounting = shown.accounting
                })
                try reader.set(field.rendering.display)
                if reader.amount != field.amount {
                    return "set \(visible(field.rendering.display)) read \(reader.amount), shown \(field.amount)"
                }
            } catch {
                return "set \(visible(field.rendering.display)) failed: \(error.localizedDescription)"
            }
        }
        return nil
    }

    /// Whether pasted text is an amount (issue 47): a currency symbol, a separator or sign, or
    /// an ISO 4217 code as a word; other letters are left out and the digits typed (`abc 5 0`).
    /// The generator's words are never text `set` reads whole, the rule's other case.
    static func pastesAsAmount(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .currencySymbol || ".,-\u{2212}(+".unicodeScalars.contains($0) }
            || text.split { !$0.isLetter }.contains { $0.count == 3 && CurrencyCatalog.codes.contains($0.uppercased()) }
    }

    @Test("random key sequences on random fields keep every SPEC §1 property", arguments: 0..<4)
    func randomSequences(shard: Int) {
        var failures = 0
        for sequence in stride(from: shard, to: Self.sequenceCount, by: 4) {
            let scenario = Self.scenario(sequence)
            if let failure = Self.check(scenario) {
                Issue.record("sequence \(sequence): \(scenario)\n  \(failure)")
                failures += 1
                if failures == 10 { return }
            }
        }
    }

    @Test("the generator reaches every kind of field, key and command")
    func coverage() {
        let scenarios = (0..<Self.sequenceCount).map(Self.scenario)
        #expect(Set(scenarios.map(\.locale)).count > 800)
        #expect(Set(scenarios.map(\.currency)) == Set(Self.currencies))
        #expect(scenarios.contains { $0.mode == .whole } && scenarios.contains { $0.mode == .atm })
        #expect(scenarios.contains { $0.allowsNegative } && scenarios.contains { !$0.allowsNegative })
        #expect(scenarios.contains { $0.accounting } && scenarios.contains { $0.decimals != nil })
        #expect(scenarios.contains { $0.maximum != nil } && scenarios.contains { $0.minimum?.hasPrefix("-") == true })
        #expect(scenarios.contains { $0.startsEmpty && $0.emptiable == nil && !$0.emptyWhenZero })
        let steps = scenarios.flatMap(\.steps)
        let keys = Set(steps.compactMap { if case .key(let key) = $0 { key } else { nil } })
        #expect(keys.count == 10 + Key.editingKeys.count, "ten digits and every named key")
        #expect(steps.count > 50_000)
        #expect(steps.filter { if case .locale = $0 { true } else { false } }.count > 500)
        #expect(steps.filter { if case .currency = $0 { true } else { false } }.count > 500)
        #expect(steps.filter { if case .paste = $0 { true } else { false } }.count > 200)
        #expect(steps.filter { if case .set = $0 { true } else { false } }.count > 200)
    }
}

extension FieldError {
    /// `pointReadAsDecimal` is `tooManyFractionDigits` with a hint the model does not work out.
    var withoutGroupedReading: FieldError {
        if case .pointReadAsDecimal(let text, let allowed, let rule, _) = self { return .tooManyFractionDigits(text, allowed: allowed, because: rule) }
        return self
    }
}
