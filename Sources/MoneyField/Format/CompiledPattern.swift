import Foundation

/// Everything ICU applies to one currency format, read off probe amounts, as UTF-8 bytes.
struct CompiledPattern: Sendable {
    struct Piece: Sendable, Equatable {
        let utf8: [UInt8]
        let utf16Count: Int
        init(_ text: some StringProtocol) {
            utf8 = Array(text.utf8)
            utf16Count = text.utf16.count
        }
    }

    let positivePrefix: Piece
    let positiveSuffix: Piece
    let negativePrefix: Piece
    let negativeSuffix: Piece
    let glyphs: [Piece]
    let decimalSeparator: Piece
    let groupingSeparator: Piece
    /// 0 when the locale does not group.
    let primaryGroup: Int
    let secondaryGroup: Int
    /// Integer digits beyond `primaryGroup` needed before the first separator shows (es: 2, so `1000 €`).
    let minimumGroupingDigits: Int
    let fractionDigits: Int
    private let maximumPieceBytes: Int

    init(
        positivePrefix: Piece, positiveSuffix: Piece, negativePrefix: Piece, negativeSuffix: Piece,
        glyphs: [Piece], decimalSeparator: Piece, groupingSeparator: Piece,
        primaryGroup: Int, secondaryGroup: Int, minimumGroupingDigits: Int, fractionDigits: Int
    ) {
        self.positivePrefix = positivePrefix
        self.positiveSuffix = positiveSuffix
        self.negativePrefix = negativePrefix
        self.negativeSuffix = negativeSuffix
        self.glyphs = glyphs
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.primaryGroup = primaryGroup
        self.secondaryGroup = secondaryGroup
        self.minimumGroupingDigits = minimumGroupingDigits
        self.fractionDigits = fractionDigits
        maximumPieceBytes = (glyphs.map(\.utf8.count).max() ?? 4)
            + max(groupingSeparator.utf8.count, decimalSeparator.utf8.count)
    }

    func render(negative: Bool, magnitude: [UInt8], caret: Int) -> Rendering {
        let prefix = negative ? negativePrefix : positivePrefix
        let suffix = negative ? negativeSuffix : positiveSuffix
        let slots = max(magnitude.count, fractionDigits + 1)
        let integerSlots = slots - fractionDigits
        let padding = slots - magnitude.count
        let groups = primaryGroup > 0 && integerSlots >= primaryGroup + minimumGroupingDigits
        let capacity = prefix.utf8.count + suffix.utf8.count + (slots + 1) * maximumPieceBytes
        var caretOffset = 0
        let display = String(unsafeUninitializedCapacity: capacity) { buffer in
            var written = 0
            var utf16 = 0
            func append(_ piece: Piece) {
                for byte in piece.utf8 {
                    buffer[written] = byte
                    written += 1
                }
                utf16 += piece.utf16Count
            }
            append(prefix)
            if caret >= slots { caretOffset = utf16 }
            for slot in 0..<slots {
                if slot == integerSlots { append(decimalSeparator) }
                append(glyphs[Int(slot < padding ? 0 : magnitude[slot - padding])])
                if slots - 1 - slot == caret { caretOffset = utf16 }
                let digitsToRight = integerSlots - 1 - slot
                if groups, digitsToRight > 0,
                   digitsToRight == primaryGroup
                    || (digitsToRight > primaryGroup && (digitsToRight - primaryGroup) % secondaryGroup == 0) {
                    append(groupingSeparator)
                }
            }
            append(suffix)
            return written
        }
        return Rendering(display: display, caretOffset: caretOffset)
    }
}

extension CompiledPattern {
    /// Reads the pattern off ICU's output for probe amounts; nil when the output does not fit the model.
    static func compile(style: Decimal.FormatStyle.Currency, fractionDigits: Int) -> CompiledPattern? {
        let posix = Locale(identifier: "en_US_POSIX")
        func format(_ plain: String) -> String { Decimal(string: plain, locale: posix)!.formatted(style) }

        // 31 integer digits cycling 1…9,0 show every glyph and every grouping position.
        let integerDigits = String((0..<31).map { Character(String(($0 + 1) % 10)) })
        let fraction = String((0..<fractionDigits).map { Character(String(($0 + 1) % 10)) })
        let probe = fractionDigits > 0 ? integerDigits + "." + fraction : integerDigits
        guard let positive = Shape(format(probe)), let negative = Shape(format("-" + probe)),
              positive.body == negative.body
        else { return nil }

        // Digit glyphs by value, checked to be consistent across the probe.
        var glyphs = [String?](repeating: nil, count: 10)
        let allDigits = integerDigits + fraction
        guard positive.digitRuns.joined().count == allDigits.count else { return nil }
        for (glyph, digit) in zip(positive.digitRuns.joined(), allDigits) {
            let value = Int(String(digit))!
            if let known = glyphs[value], known != String(glyph) { return nil }
            glyphs[value] = String(glyph)
        }
        guard glyphs.allSatisfy({ $0 != nil }) else { return nil }

        var integerRuns = positive.digitRuns.map(\.count)
        var separators = positive.separators
        var decimalSeparator = ""
        if fractionDigits > 0 {
            guard integerRuns.last == fractionDigits, let last = separators.popLast() else { return nil }
            integerRuns.removeLast()
            decimalSeparator = last
        }
        guard Set(separators).count <= 1 else { return nil }
        let groupingSeparator = separators.first ?? ""
        var primary = 0
        var secondary = 0
        if integerRuns.count > 1 {
            primary = integerRuns.last!
            secondary = integerRuns.count > 2 ? integerRuns[integerRuns.count - 2] : primary
            let middle = integerRuns.dropFirst().dropLast()
            guard middle.allSatisfy({ $0 == secondary }), integerRuns[0] <= secondary else { return nil }
        }
        var minimumGrouping = 1
        if primary > 0 {
            guard let firstGrouped = (primary + 1...primary + 4).first(where: { length in
                let zeros = fractionDigits > 0 ? "." + String(repeating: "0", count: fractionDigits) : ""
                let text = format("1" + String(repeating: "0", count: length - 1) + zeros)
                return Shape(text).map { $0.digitRuns.count > (fractionDigits > 0 ? 2 : 1) } ?? false
            }) else { return nil }
            minimumGrouping = firstGrouped - primary
        }

        let pattern = CompiledPattern(
            positivePrefix: Piece(positive.prefix), positiveSuffix: Piece(positive.suffix),
            negativePrefix: Piece(negative.prefix), negativeSuffix: Piece(negative.suffix),
            glyphs: glyphs.map { Piece($0!) }, decimalSeparator: Piece(decimalSeparator),
            groupingSeparator: Piece(groupingSeparator), primaryGroup: primary, secondaryGroup: secondary,
            minimumGroupingDigits: minimumGrouping, fractionDigits: fractionDigits)
        return pattern.agreesWithICU(format: format, fractionDigits: fractionDigits) ? pattern : nil
    }

    /// Checks the compiled output against ICU on amounts that exercise every rule.
    private func agreesWithICU(format: (String) -> String, fractionDigits: Int) -> Bool {
        let magnitudes = ["", "5", "12", "105", "1234", "12345", "100000", "1234567", "10000000",
                          "123456789012", String(repeating: "9", count: 30)]
        for digits in magnitudes {
            let values = digits.map { $0.asciiValue! - 48 }
            for negative in [false, true] {
                let plain = DigitArithmetic.plainText(negative: negative, magnitude: values, scale: fractionDigits)
                let expected = values.isEmpty && negative
                    ? format("-0." + String(repeating: "0", count: fractionDigits) + "1")
                    : format(plain)
                if render(negative: negative, magnitude: values, caret: 0).display != expected { return false }
            }
        }
        return true
    }

    /// A formatted amount cut into affixes, digit runs and the separators between them.
    private struct Shape {
        let prefix: String
        let suffix: String
        let body: String
        let digitRuns: [[Unicode.Scalar]]
        let separators: [String]

        init?(_ text: String) {
            let scalars = Array(text.unicodeScalars)
            let isDigit = { (scalar: Unicode.Scalar) in scalar.properties.numericType == .decimal }
            guard let first = scalars.firstIndex(where: isDigit),
                  let last = scalars.lastIndex(where: isDigit) else { return nil }
            prefix = String(String.UnicodeScalarView(scalars[..<first]))
            suffix = String(String.UnicodeScalarView(scalars[(last + 1)...]))
            var runs: [[Unicode.Scalar]] = []
            var separators: [String] = []
            var index = first
            while index <= last {
                var run: [Unicode.Scalar] = []
                while index <= last, isDigit(scalars[index]) { run.append(scalars[index]); index += 1 }
                runs.append(run)
                var separator = String.UnicodeScalarView()
                while index <= last, !isDigit(scalars[index]) { separator.append(scalars[index]); index += 1 }
                if !separator.isEmpty { separators.append(String(separator)) }
            }
            digitRuns = runs
            self.separators = separators
            body = String(String.UnicodeScalarView(scalars[first...last]))
        }
    }
}
