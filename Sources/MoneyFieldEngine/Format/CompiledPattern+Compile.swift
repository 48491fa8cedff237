import Foundation

extension CompiledPattern {
    /// Reads the pattern off ICU's output for probe amounts; nil when the output does not fit the model.
    ///
    /// With `trailingDecimalSeparator` (and no fraction digits), ICU's separator stands at the
    /// start of the suffix; it is read off as the difference from the same style without it.
    static func compile(
        style: ReferenceStyle, fractionDigits: Int, trailingDecimalSeparator: Bool = false,
        glyphs digitGlyphs: DigitGlyphs
    ) -> CompiledPattern? {
        func format(_ plain: String) -> String { style.format(ExactDecimal(plain: plain)!.decimal) }

        // 31 integer digits cycling 1…9,0 show every glyph and every grouping position.
        let integerDigits = String((0..<31).map { Character(String(($0 + 1) % 10)) })
        let fraction = String((0..<fractionDigits).map { Character(String(($0 + 1) % 10)) })
        let probe = fractionDigits > 0 ? integerDigits + "." + fraction : integerDigits
        guard var positive = Shape(format(probe), digitGlyphs), var negative = Shape(format("-" + probe), digitGlyphs),
              positive.body == negative.body
        else { return nil }
        var trailingSeparator = ""
        if trailingDecimalSeparator && fractionDigits == 0 {
            let plain = style.decimalSeparator(strategy: .automatic)
            func formatPlain(_ text: String) -> String { plain.format(ExactDecimal(plain: text)!.decimal) }
            guard let plainPositive = Shape(formatPlain(probe), digitGlyphs), let plainNegative = Shape(formatPlain("-" + probe), digitGlyphs),
                  let separator = positive.separatorBefore(suffix: plainPositive.suffix),
                  separator == negative.separatorBefore(suffix: plainNegative.suffix), !separator.isEmpty
            else { return nil }
            trailingSeparator = separator
            positive.suffix = plainPositive.suffix
            negative.suffix = plainNegative.suffix
        }

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
        var decimalSeparator = trailingSeparator
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
                return Shape(text, digitGlyphs).map { $0.digitRuns.count > (fractionDigits > 0 ? 2 : 1) } ?? false
            }) else { return nil }
            minimumGrouping = firstGrouped - primary
        }

        guard let pattern = CompiledPattern(
            positivePrefix: positive.prefix, positiveSuffix: positive.suffix,
            negativePrefix: negative.prefix, negativeSuffix: negative.suffix,
            glyphs: glyphs.map { $0! }, decimalSeparator: decimalSeparator,
            groupingSeparator: groupingSeparator, primaryGroup: primary, secondaryGroup: secondary,
            minimumGroupingDigits: minimumGrouping, fractionDigits: fractionDigits,
            trailingDecimalSeparator: !trailingSeparator.isEmpty)
        else { return nil }
        return pattern.agreesWithICU(format: format, fractionDigits: fractionDigits) ? pattern : nil
    }

    /// Checks the compiled output against ICU on amounts that exercise every rule.
    private func agreesWithICU(format: (String) -> String, fractionDigits: Int) -> Bool {
        // One amount per rule: padding, no grouping, minimum grouping, secondary groups, 30 digits.
        // FormatIdentityTests checks every locale exhaustively; this guards other ICU versions.
        let magnitudes = ["", "5", "1234", "12345", "1234567", String(repeating: "9", count: 30)]
        for digits in magnitudes {
            let values = digits.map { $0.asciiValue! - 48 }
            for negative in [false, true] {
                let plain = DigitArithmetic.plainText(negative: negative, magnitude: values, scale: fractionDigits)
                let expected = values.isEmpty && negative
                    ? format("-0." + String(repeating: "0", count: fractionDigits) + "1")
                    : format(plain)
                let shown = values.withUnsafeBufferPointer { render(negative: negative, magnitude: $0, caret: 0).display }
                if shown != expected { return false }
            }
        }
        return true
    }

    /// A formatted amount cut into affixes, digit runs and the separators between them.
    private struct Shape {
        let prefix: String
        var suffix: String
        let body: String
        let digitRuns: [[Unicode.Scalar]]
        let separators: [String]

        init?(_ text: String, _ glyphs: DigitGlyphs) {
            let scalars = Array(text.unicodeScalars)
            let isDigit = glyphs.isDigit
            guard let first = scalars.firstIndex(where: isDigit),
                  let last = scalars.lastIndex(where: isDigit) else { return nil }
            prefix = Self.text(scalars[..<first])
            suffix = Self.text(scalars[(last + 1)...])
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
            body = Self.text(scalars[first...last])
        }

        /// The scalars as a String, appended one by one: the generic initialiser from a slice
        /// makes the runtime look its conformances up by scanning every record, once per start.
        static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            var text = ""
            for scalar in scalars { text.unicodeScalars.append(scalar) }
            return text
        }

        /// What this suffix adds in front of `plainSuffix`, the same format's without the separator.
        func separatorBefore(suffix plainSuffix: String) -> String? {
            let own = Array(suffix.unicodeScalars)
            let plain = Array(plainSuffix.unicodeScalars)
            guard own.count >= plain.count, Array(own.suffix(plain.count)) == plain else { return nil }
            return Self.text(own.prefix(own.count - plain.count))
        }
    }
}
