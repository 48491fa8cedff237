import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import Testing

/// A pasted amount never changes its size (issue 36): random amounts of 1–40 digits, with and
/// without a sign, a point, group separators, a currency symbol and sh quotes, pasted into fields
/// of every digit limit, zero or not. After the paste the field holds exactly the amount, or is
/// as it was; digits alone are typed at the caret, exactly as the keys would.
@Suite struct PasteSizeTests {
    struct Case: CustomStringConvertible {
        var integer: String
        var fraction: String?
        var negative: Bool
        var grouped: Bool
        var symbol: Bool
        var quote: String
        var description: String { text }

        /// How a person would write it: `-$1,234.5`.
        var plain: String {
            var integerPart = integer
            if grouped {
                var groups: [Substring] = []
                var rest = Substring(integer)
                while rest.count > 3 {
                    groups.insert(rest.suffix(3), at: 0)
                    rest = rest.dropLast(3)
                }
                groups.insert(rest, at: 0)
                integerPart = groups.joined(separator: ",")
            }
            return (negative ? "-" : "") + (symbol ? "$" : "") + integerPart + (fraction.map { "." + $0 } ?? "")
        }

        var text: String { quote + plain + quote }
        var isDigitsAlone: Bool { fraction == nil && !negative && !symbol && !(grouped && integer.count > 3) }

        /// The value a field with two fraction digits holds for it, nil if it holds none exactly.
        var value: String? {
            let digits = String(integer.drop { $0 == "0" })
            var cents = fraction ?? ""
            guard cents.dropFirst(2).allSatisfy({ $0 == "0" }) else { return nil }
            cents = String(cents.prefix(2))
            while cents.count < 2 { cents += "0" }
            let whole = digits.isEmpty ? "0" : digits
            let zero = whole == "0" && cents == "00"
            return (negative && !zero ? "-" : "") + whole + "." + cents
        }
    }

    static func value(_ session: Session) -> String { session.handle("value").text }

    @Test func aPastedAmountIsExactlyItselfOrNothingChanges() throws {
        var random = SplitMix64(seed: 36)
        var exact = 0, refused = 0, typed = 0
        for _ in 0..<600 {
            let count = Int.random(in: 1...40, using: &random)
            let digits = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let pointAt = Bool.random(using: &random) ? Int.random(in: 0...count, using: &random) : nil
            let integer = String(digits.prefix(pointAt ?? count))
            let fraction = pointAt.map { String(digits.dropFirst($0)) }
            let item = Case(integer: integer.isEmpty ? "0" : integer, fraction: fraction, negative: Int.random(in: 0..<4, using: &random) == 0,
                            grouped: Bool.random(using: &random), symbol: Int.random(in: 0..<3, using: &random) == 0,
                            quote: ["", "\"", "'"].randomElement(using: &random)!)
            let limit = Int.random(in: 1...30, using: &random)
            let negatives = Bool.random(using: &random)
            let session = try Session()
            _ = session.handle("new f --max-digits \(limit)" + (negatives ? " --allow-negative" : ""))
            let startsAtZero = Bool.random(using: &random)
            if !startsAtZero { _ = session.handle("type 1") }
            let before = Self.value(session)
            _ = session.handle("paste \(item.text)")
            let after = Self.value(session)
            if item.isDigitsAlone {
                // Typed at the caret, all or nothing, as the keys would be.
                let keys = try Session()
                _ = keys.handle("new f --max-digits \(limit)" + (negatives ? " --allow-negative" : ""))
                if !startsAtZero { _ = keys.handle("type 1") }
                _ = keys.handle("type " + item.integer.filter(\.isNumber))
                let asKeys = Self.value(keys)
                #expect(after == asKeys || after == before, "\(item) into max \(limit): \(before) → \(after), keys give \(asKeys)")
                typed += 1
            } else if after == before {
                refused += 1
            } else {
                #expect(startsAtZero, "\(item) changed a field that held an amount: \(before) → \(after)")
                #expect(after == item.value, "\(item) into max \(limit): \(after), not the amount \(item.value ?? "(none it can hold)")")
                exact += 1
            }
        }
        // Each way is exercised, not just one.
        #expect(exact > 20 && refused > 50 && typed > 20, "exact \(exact), refused \(refused), typed \(typed)")
    }

    @Test(arguments: [
        ("paste \"1,234.5\"", "amount: $1,234.50|"), ("paste '1,234.5'", "amount: $1,234.50|"), ("set '1,234.5'", "amount: $1,234.50|"),
        ("set \"1,234.5\"", "amount: $1,234.50|"), ("paste 1 234", "amount: $12.34|"),
    ])
    func quotedArgumentsAreReadAsShReadsThem(line: String, shown: String) throws {
        let session = try Session()
        #expect(session.handle(line).lines.map(\.text).last == shown)
    }

    @Test func anAmountIntoAFieldThatHoldsOneIsRefusedUnchanged() throws {
        let session = try Session()
        _ = session.handle("type 12")
        let refused = session.handle("paste 1.5").lines.map(\.text)
        #expect(refused.first?.hasPrefix("rejected: \"1.5\" is an amount") == true, "\(refused)")
        #expect(Self.value(session) == "0.12")
        // Wholly selected, it is the amount.
        _ = session.handle("type <selall>")
        _ = session.handle("paste 1.5")
        #expect(Self.value(session) == "1.50")
        #expect(try Session().handle("paste \"\"").lines.map(\.text).first == "error: there is no digit in \"\" to paste; paste an amount (1,234.50) or digits")
    }
}
