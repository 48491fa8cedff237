import Foundation
import MoneyField
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

    /// A field's settings and the keys pressed on it.
    struct Scenario: CustomStringConvertible {
        var locale: String
        var currency: String
        var mode: EntryMode
        var decimals: Int?
        var maxDigits: Int
        var maximum: String?
        var minimum: String?
        var allowsNegative: Bool
        var accounting: Bool
        var keys: [Key]

        func configuration() throws -> FieldConfiguration {
            try FieldConfiguration(locale: locale, currency: currency, mode: mode, decimals: decimals, maxDigits: maxDigits,
                                   maximum: maximum, minimum: minimum, allowsNegative: allowsNegative, accounting: accounting)
        }

        var description: String {
            var options = ["--locale \(locale)", "--currency \(currency)", "--mode \(mode.rawValue)", "--max-digits \(maxDigits)"]
            if let decimals { options.append("--decimals \(decimals)") }
            if let maximum { options.append("--max \(maximum)") }
            if let minimum { options.append("--min \(minimum)") }
            if allowsNegative { options.append("--allow-negative") }
            if accounting { options.append("--accounting") }
            return "new f " + options.joined(separator: " ") + "; type " + Self.script(keys)
        }

        static func script(_ keys: some Sequence<Key>) -> String {
            keys.map { key in
                if case .digit(let value) = key { return String(value) }
                return "<" + (Key.named.first { $0.key == key }?.name ?? "?") + ">"
            }.joined()
        }
    }

    /// Xoshiro seeded from the sequence number through SplitMix64, so neighbouring numbers diverge.
    static func generator(for sequence: Int) -> Xoshiro {
        var state = UInt64(sequence) &+ 0x9E37_79B9_7F4A_7C15
        func splitMix() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return Xoshiro(seed: (splitMix(), splitMix(), splitMix(), splitMix()))
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
            let digits = String((0..<Int.random(in: 1...5, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! })
            let plain = ExactDecimal(plain: digits)!.description
            let scaled = Int.random(in: 0..<3, using: &rng) == 0 ? plain + "." + String(Int.random(in: 1...9, using: &rng)) : plain
            return (negative && plain != "0" ? "-" : "") + scaled
        }
        var maximum = Int.random(in: 0..<6, using: &rng) == 0 ? limit(negative: false) : nil
        var minimum = Int.random(in: 0..<8, using: &rng) == 0 ? limit(negative: allowsNegative) : nil
        if let low = minimum.flatMap({ ExactDecimal(plain: $0) }), let high = maximum.flatMap({ ExactDecimal(plain: $0) }), low > high {
            swap(&minimum, &maximum)
        }
        let keyCount = Int.random(in: 1...60, using: &rng)
        let unicodeDigits: [Character] = ["٣", "۷", "४", "５", "𞥙", "٠"]
        var keys: [Key] = []
        for _ in 0..<keyCount {
            let roll = Int.random(in: 0..<100, using: &rng)
            let key: Key = switch roll {
            case 0..<50: .digit(UInt8.random(in: 0...9, using: &rng))
            case 50..<53: Key(digit: unicodeDigits.randomElement(using: &rng)!)!
            case 53..<65: .backspace
            case 65..<71: .delete
            case 71..<81: .left
            case 81..<87: .right
            case 87..<90: .home
            case 90..<93: .end
            case 93..<99: .minus
            default: .clear
            }
            keys.append(key)
        }
        return Scenario(locale: locale, currency: currency, mode: mode, decimals: decimals, maxDigits: maxDigits,
                        maximum: maximum, minimum: minimum, allowsNegative: allowsNegative, accounting: accounting, keys: keys)
    }

    /// SPEC §1's keys written again, plainly, on strings of ASCII digits; limits compared with Foundation's Decimal.
    struct Model: Equatable {
        var negative = false
        var digits = ""
        var caret = 0

        static let posix = Locale(identifier: "en_US_POSIX")

        func pressing(_ key: Key, _ configuration: FieldConfiguration) -> Result<Model, Rejection> {
            let shown = configuration.shownFractionDigits
            let slots = max(digits.count, shown + 1)
            var padded = Array(String(repeating: "0", count: slots - digits.count) + digits)
            var next = self
            func strip(_ characters: [Character]) -> String { String(characters.drop { $0 == "0" }) }
            switch key {
            case .digit(let value):
                padded.insert(Character(String(value)), at: slots - caret)
                next.digits = strip(padded)
            case .backspace:
                if caret == slots { return .failure(.nothingToDelete) }
                padded.remove(at: slots - caret - 1)
                next.digits = strip(padded)
            case .delete:
                if caret == 0 { return .failure(.nothingToDeleteForward) }
                padded.remove(at: slots - caret)
                next.digits = strip(padded)
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
            }
            if next.digits.count > configuration.maxDigits && next.digits.count > digits.count {
                return .failure(.tooManyDigits(limit: configuration.maxDigits))
            }
            // A limit refuses only a step that goes (further) outside it.
            let old = amount(shown), new = next.amount(shown)
            if let maximum = configuration.maximum, new > decimal(maximum.description), new > old {
                return .failure(.aboveMaximum(maximum.description))
            }
            if let minimum = configuration.minimum, new < decimal(minimum.description), new < old {
                return .failure(.belowMinimum(minimum.description))
            }
            next.caret = min(next.caret, max(next.digits.count, shown + 1))
            return .success(next)
        }

        func decimal(_ plain: String) -> Decimal { Decimal(string: plain, locale: Self.posix)! }

        func amount(_ shown: Int) -> Decimal {
            let magnitude = digits.isEmpty ? Decimal(0) : decimal(digits)
            var scaled = Decimal()
            var unscaled = magnitude
            _ = NSDecimalMultiplyByPowerOf10(&scaled, &unscaled, Int16(-shown), .plain)
            return negative ? -scaled : scaled
        }

        func agrees(with state: FieldState) -> Bool {
            state.isNegative == negative && state.digitString == digits && state.caretSlotsFromEnd == caret
        }
    }

    /// What went wrong in one sequence, or nil.
    static func check(_ scenario: Scenario) -> String? {
        let configuration: FieldConfiguration
        do { configuration = try scenario.configuration() } catch { return "configuration refused: \(error)" }
        var field = MoneyField(configuration)
        var model = Model()
        let style = FieldReference.style(for: configuration)
        if let problem = FieldReference.problems(in: field, style: style).first { return "empty field: \(problem)" }
        for (index, key) in scenario.keys.enumerated() {
            let before = field
            let step = "after key \(index) (\(Scenario.script(scenario.keys.prefix(index + 1))))"
            let expected = model.pressing(key, configuration)
            do {
                try field.press(key)
                guard case .success(let next) = expected else {
                    return "\(step): taken, the model refuses it: \(expected)"
                }
                model = next
                guard model.agrees(with: field.state) else {
                    return "\(step): state \(field.state), model \(model)"
                }
            } catch {
                guard field == before, field.marked == before.marked else { return "\(step): refused key changed the field" }
                guard case .failure(let rejection) = expected, rejection == error else {
                    return "\(step): refused with \(error), model says \(expected)"
                }
            }
            if let problem = FieldReference.problems(in: field, style: style).first { return "\(step): \(problem)" }
        }
        // What the field shows reads back as the same amount.
        if !(field.state.digits.isEmpty && field.state.isNegative) {
            do {
                var reader = MoneyField(try FieldConfiguration(
                    locale: configuration.locale, currency: configuration.currency, mode: configuration.mode,
                    decimals: configuration.decimalsOverride, maxDigits: 30, allowsNegative: true,
                    accounting: configuration.accounting))
                try reader.set(field.rendering.display)
                if reader.amount != field.amount {
                    return "set \(MarkedCaret.escaped(field.rendering.display)) read \(reader.amount), shown \(field.amount)"
                }
            } catch {
                return "set \(MarkedCaret.escaped(field.rendering.display)) failed: \(error.localizedDescription)"
            }
        }
        return nil
    }

    @Test("random key sequences on random fields keep every SPEC §1 property",
          arguments: 0..<4)
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

    @Test("the generator reaches every kind of field and key")
    func coverage() {
        let scenarios = (0..<Self.sequenceCount).map(Self.scenario)
        #expect(Set(scenarios.map(\.locale)).count > 800)
        #expect(Set(scenarios.map(\.currency)) == Set(Self.currencies))
        #expect(scenarios.contains { $0.mode == .whole } && scenarios.contains { $0.mode == .atm })
        #expect(scenarios.contains { $0.allowsNegative } && scenarios.contains { !$0.allowsNegative })
        #expect(scenarios.contains { $0.accounting } && scenarios.contains { $0.decimals != nil })
        #expect(scenarios.contains { $0.maximum != nil } && scenarios.contains { $0.minimum?.hasPrefix("-") == true })
        let keys = Set(scenarios.flatMap(\.keys))
        #expect(keys.count == 18, "ten digits and eight named keys")
        #expect(scenarios.map { $0.keys.count }.reduce(0, +) > 50_000)
    }
}
