import Foundation

/// Everything ICU applies to one currency format, read off probe amounts, as UTF-8 bytes.
/// A class so that a render borrows it instead of copying its fields out of an optional.
///
/// All text lives in one byte table so that rendering touches one buffer and copying the
/// pattern costs one retain; the pieces are spans of it.
final class CompiledPattern: Sendable {
    /// A span of `bytes`, and how many UTF-16 code units it is.
    struct Piece: Sendable, Equatable {
        let start: Int
        let byteCount: Int
        let utf16Count: Int

        /// A non-ASCII scalar is two to four UTF-8 bytes but one or two UTF-16 units.
        var isASCII: Bool { byteCount == utf16Count }
    }

    /// Affixes, separators and the ten digit glyphs, back to back, then `copyWidth` zero bytes so
    /// that a piece is copied by 8-byte loads from wherever it starts.
    let bytes: [UInt8]
    /// What one copy moves: a glyph (1 to 4 bytes) or a piece of up to 8 bytes, longer ones in turns.
    static let copyWidth = 8
    let positivePrefix: Piece
    let positiveSuffix: Piece
    let negativePrefix: Piece
    let negativeSuffix: Piece
    let decimalSeparator: Piece
    let groupingSeparator: Piece
    /// Where glyph 0 starts; glyph `d` is `glyphByteCount` bytes at `glyphsStart + d * glyphByteCount`.
    let glyphsStart: Int
    /// Every glyph of a numbering system has the same UTF-8 and UTF-16 width (compile checks).
    let glyphByteCount: Int
    let glyphUTF16Count: Int
    /// 0 when the locale does not group.
    let primaryGroup: Int
    let secondaryGroup: Int
    /// Integer digits beyond `primaryGroup` needed before the first separator shows (es: 2, so `1000 €`).
    let minimumGroupingDigits: Int
    let fractionDigits: Int
    /// The separator follows the integer digits though no fraction digit does (natural mode's `$12.`).
    let trailingDecimalSeparator: Bool

    /// Nil when the glyphs differ in width, which no numbering system does.
    init?(
        positivePrefix: String, positiveSuffix: String, negativePrefix: String, negativeSuffix: String,
        glyphs: [String], decimalSeparator: String, groupingSeparator: String,
        primaryGroup: Int, secondaryGroup: Int, minimumGroupingDigits: Int, fractionDigits: Int,
        trailingDecimalSeparator: Bool = false
    ) {
        guard glyphs.count == 10, Set(glyphs.map(\.utf8.count)).count == 1,
              Set(glyphs.map(\.utf16.count)).count == 1 else { return nil }
        var bytes: [UInt8] = []
        func piece(_ text: String) -> Piece {
            defer { bytes += text.utf8 }
            return Piece(start: bytes.count, byteCount: text.utf8.count, utf16Count: text.utf16.count)
        }
        self.positivePrefix = piece(positivePrefix)
        self.positiveSuffix = piece(positiveSuffix)
        self.negativePrefix = piece(negativePrefix)
        self.negativeSuffix = piece(negativeSuffix)
        self.decimalSeparator = piece(decimalSeparator)
        self.groupingSeparator = piece(groupingSeparator)
        glyphsStart = bytes.count
        glyphByteCount = glyphs[0].utf8.count
        glyphUTF16Count = glyphs[0].utf16.count
        for glyph in glyphs { bytes += glyph.utf8 }
        self.bytes = bytes + repeatElement(0, count: Self.copyWidth)
        self.primaryGroup = primaryGroup
        self.secondaryGroup = secondaryGroup
        self.minimumGroupingDigits = minimumGroupingDigits
        self.fractionDigits = fractionDigits
        self.trailingDecimalSeparator = trailingDecimalSeparator && fractionDigits == 0
    }

    /// A copy of `pattern` with other grouping sizes; every piece and glyph the same.
    private init(_ pattern: CompiledPattern, primaryGroup: Int, secondaryGroup: Int) {
        bytes = pattern.bytes
        positivePrefix = pattern.positivePrefix
        positiveSuffix = pattern.positiveSuffix
        negativePrefix = pattern.negativePrefix
        negativeSuffix = pattern.negativeSuffix
        decimalSeparator = pattern.decimalSeparator
        groupingSeparator = pattern.groupingSeparator
        glyphsStart = pattern.glyphsStart
        glyphByteCount = pattern.glyphByteCount
        glyphUTF16Count = pattern.glyphUTF16Count
        self.primaryGroup = primaryGroup
        self.secondaryGroup = secondaryGroup
        minimumGroupingDigits = pattern.minimumGroupingDigits
        fractionDigits = pattern.fractionDigits
        trailingDecimalSeparator = pattern.trailingDecimalSeparator
    }

    /// The same pattern with no group separators (`--grouping off`): a grouped pattern, which ICU
    /// writes in every shape, with its grouping taken out.
    var ungrouped: CompiledPattern { CompiledPattern(self, primaryGroup: 0, secondaryGroup: 0) }

    /// `value / secondaryGroup` for a value ≥ 0. Groups of 3 and 2 are nearly every locale's, and
    /// dividing by a constant is a multiply: a keystroke divides up to three times.
    @inline(__always)
    private func dividedBySecondaryGroup(_ value: Int) -> Int {
        assert(value >= 0, "a shift halves only a value that is not negative")
        return switch secondaryGroup {
        case 3: value / 3
        case 2: value >> 1
        default: value / secondaryGroup
        }
    }

    /// Separators shown for `integerSlots` integer digits, and how many digits stand before the first.
    @inline(__always)
    private func grouping(integerSlots: Int) -> (count: Int, leadingGroup: Int) {
        let digitsBeforePrimary = integerSlots - primaryGroup
        guard primaryGroup > 0, digitsBeforePrimary >= minimumGroupingDigits else { return (0, 0) }
        let count = dividedBySecondaryGroup(digitsBeforePrimary + secondaryGroup - 1)
        return (count, digitsBeforePrimary - (count - 1) * secondaryGroup)
    }

    /// The caret's UTF-16 offset in the display `render` makes, without making it.
    func caretOffset(negative: Bool, digitCount: Int, caret: Int) -> Int {
        let slots = max(digitCount, fractionDigits + 1)
        return caretOffset(negative: negative, slots: slots, caret: caret,
                           grouping: grouping(integerSlots: slots - fractionDigits))
    }

    @inline(__always)
    private func caretOffset(negative: Bool, slots: Int, caret: Int, grouping: (count: Int, leadingGroup: Int)) -> Int {
        let prefix = negative ? negativePrefix : positivePrefix
        let integerSlots = slots - fractionDigits
        let caretGlyph = slots - 1 - min(caret, slots)
        guard caretGlyph >= 0 else { return prefix.utf16Count }
        var offset = prefix.utf16Count + (caretGlyph + 1) * glyphUTF16Count
        if caretGlyph >= integerSlots { offset += decimalSeparator.utf16Count }
        // A separator after glyph g stands before the caret only when g < caretGlyph.
        let (count, leadingGroup) = grouping
        if count > 0, caretGlyph > leadingGroup - 1 {
            offset += min(count, dividedBySecondaryGroup(caretGlyph - leadingGroup) + 1) * groupingSeparator.utf16Count
        }
        return offset
    }

    /// The same for a field's inline digits. A method here rather than a closure in the caller,
    /// which retained the pattern on every keystroke.
    func render(negative: Bool, digits: DigitBuffer, caret: Int) -> Rendering {
        digits.withBytes { render(negative: negative, magnitude: $0, caret: caret) }
    }

    /// The display of `magnitude` (digit values, no leading zeros) and the caret's UTF-16 offset.
    ///
    /// The hot path of every keystroke: the exact length is worked out first, the bytes are
    /// written on the stack in one pass, and the string copies them once (short displays become
    /// small strings with no allocation).
    func render(negative: Bool, magnitude digits: UnsafeBufferPointer<UInt8>, caret: Int) -> Rendering {
        let prefix = negative ? negativePrefix : positivePrefix
        let suffix = negative ? negativeSuffix : positiveSuffix
        let slots = max(digits.count, fractionDigits + 1)
        let integerSlots = slots - fractionDigits

        // Digits before the primary group split into a leading group and full secondary groups.
        let (separatorCount, leadingGroup) = grouping(integerSlots: integerSlots)
        let byteCount = prefix.byteCount + suffix.byteCount + slots * glyphByteCount
            + (fractionDigits > 0 || trailingDecimalSeparator ? decimalSeparator.byteCount : 0) + separatorCount * groupingSeparator.byteCount

        // Room for the last copy's 8 bytes past the display's end; the string takes `byteCount`.
        let display = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount + Self.copyWidth) { buffer in
            let out = UnsafeMutableBufferPointer(rebasing: buffer[..<byteCount])
            bytes.withUnsafeBufferPointer { table in
                write(into: out, table: table, prefix: prefix, suffix: suffix, digits: digits, slots: slots,
                      separatorCount: separatorCount, leadingGroup: leadingGroup)
            }
            let isASCII = prefix.isASCII && suffix.isASCII && glyphByteCount == 1
                && (separatorCount == 0 || groupingSeparator.isASCII)
                && (fractionDigits == 0 && !trailingDecimalSeparator || decimalSeparator.isASCII)
            return Self.string(of: UnsafeBufferPointer(out), isASCII: isASCII)
        }
        return Rendering(display: display, caretOffsetInside: caretOffset(
            negative: negative, slots: slots, caret: caret, grouping: (separatorCount, leadingGroup)))
    }

    /// Writes the display's bytes, exactly `out.count` of them (worked out by `render`).
    @inline(__always)
    private func write(
        into out: UnsafeMutableBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>, prefix: Piece, suffix: Piece,
        digits: UnsafeBufferPointer<UInt8>, slots: Int, separatorCount: Int, leadingGroup: Int
    ) {
        let integerSlots = slots - fractionDigits
        let padding = slots - digits.count
        // Wrapping arithmetic: every index is bounded by `out.count`. Each glyph and each piece of
        // up to 8 bytes is one unaligned 8-byte load and store, then `written` moves by its real
        // width and the next write covers the excess: no byte loop whose varying length the branch
        // predictor misses (a sixth of a render), no switch on the glyph width. `out` has 8 bytes
        // of room past its end.
        let source = UnsafeRawPointer(table.baseAddress!)
        let target = UnsafeMutableRawPointer(out.baseAddress!)
        var written = 0
        @inline(__always) func copy(_ start: Int, _ count: Int) {
            // Longer pieces (Arabic currency names with their marks) go 8 bytes at a time.
            var offset = 0
            repeat {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: start &+ offset, as: UInt64.self),
                                  toByteOffset: written &+ offset, as: UInt64.self)
                offset &+= Self.copyWidth
            } while offset < count
            written &+= count
        }
        @inline(__always) func copy(_ piece: Piece) { copy(piece.start, piece.byteCount) }
        @inline(__always) func glyph(_ digit: Int) { copy(glyphsStart &+ digit &* glyphByteCount, glyphByteCount) }
        copy(prefix)
        var untilSeparator = separatorCount > 0 ? leadingGroup : -1
        var separatorsLeft = separatorCount
        for slot in 0..<slots {
            if slot == integerSlots { copy(decimalSeparator) }
            glyph(slot < padding ? 0 : Int(digits[slot &- padding]))
            untilSeparator &-= 1
            if untilSeparator == 0 {
                copy(groupingSeparator)
                separatorsLeft &-= 1
                untilSeparator = separatorsLeft > 0 ? secondaryGroup : -1
            }
        }
        if trailingDecimalSeparator { copy(decimalSeparator) }
        copy(suffix)
        assert(written == out.count, "the display is as long as render worked out")
    }

    /// A string of bytes this pattern wrote, which are valid UTF-8 by construction: validating
    /// them again was a sixth of a keystroke.
    @inline(__always)
    private static func string(of bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        // `UTF8Span` is Swift 6.2's; the README promises 6.1, which validates as before.
        #if compiler(>=6.2)
        if #available(macOS 26.0, *) {
            return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        }
        #endif
        return String(decoding: bytes, as: UTF8.self)
    }
}
