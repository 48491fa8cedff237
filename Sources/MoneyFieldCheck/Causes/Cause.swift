import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell

/// Why a session disagrees (SPEC §4): the effect of the last key on each side, read against the
/// field before it, which both sides agreed on. What stood beside the caret is evidence, kept
/// in the script's header, never part of the cause; the key is part of it only where the
/// effect depends on it (a digit ignored and a delete ignored are fixed apart; a field that
/// never regroups shows it on every key).
package enum Cause: Hashable, Sendable {
    /// The field as made differs.
    case asMade
    /// moneyfield refuses the key at a limit; the adapter's digits changed this way.
    case refusedAtLimit(Checker.Behaviour.Limit, DigitChange)
    /// A digit, the decimal key or a delete did nothing on the adapter where moneyfield changed
    /// the field (its display, or its caret alone): one cause per place the adapter's own caret
    /// stood, whatever the key and whatever moneyfield did instead.
    case didNothing(Spot)
    /// Another key (the sign, clear) did nothing on the adapter where moneyfield changed the field.
    case ignored(KeyClass)
    /// The adapter's decimal key, with the point standing, does what moneyfield's does with
    /// another `--point-again` (which one may depend on where the caret stood: `step` and
    /// `ignore` refuse alike away from the point).
    case pointAgain
    /// moneyfield's display stayed as it was; the adapter's digits stayed too but other glyphs went.
    case deletedNonDigit
    /// moneyfield refused or ignored the key (no limit); the adapter changed its digits.
    case tookKey(KeyClass)
    /// The same digits, other glyphs between them (a field that never regroups).
    case otherGlyphs(Set<Situation.Neighbour>)
    /// Zeros before the adapter's integer digits.
    case leadingZeros
    /// No integer digit before the adapter's point (`$.5`).
    case noIntegerDigit
    /// The adapter padded the fraction with zeros where moneyfield did not (`padded`), or did
    /// not pad where moneyfield did, at one of focus's moments.
    case padding(padded: Bool, FocusMoment)
    /// The digits differ otherwise after the key.
    case digits(DigitChange, KeyClass)
    /// One side shows no digit at all and the other does.
    case emptied(byAdapter: Bool, KeyClass)
    /// After an edit, the adapter's caret at its display's end.
    case caretToEnd
    /// The adapter's caret moved, past no unit (a separator, the sign or the currency text), or
    /// it selected such glyphs alone.
    case caretPastNoUnit
    /// A move key left the adapter's caret where it was.
    case moveIgnored(Key)
    /// A move key moved the adapter's caret by another number of units.
    case moveDistance(Key)
    /// moneyfield's caret stayed (it refused or ignored the key); the adapter's moved.
    case caretMovedOnRefused
    /// After an edit, the adapter's caret `left` (or right) of moneyfield's.
    case caretOff(left: Bool, KeyClass)
    case value(KeyClass)
    case rejected(byAdapter: Bool, KeyClass)

    /// What kind of key, where the effect depends on it.
    package enum KeyClass: String, Hashable, Sendable {
        case digit, delete, point, sign, clear, leave, move, select

        /// The class its row in `KeyTable` gives it.
        init(_ key: Key) {
            self = switch KeyTable.named(for: key).keyClass {
            case .digit: .digit
            case .delete: .delete
            case .point: .point
            case .sign: .sign
            case .clear: .clear
            case .leave: .leave
            case .move: .move
            case .select: .select
            }
        }

        var words: String {
            switch self {
            case .digit: "a digit"
            case .delete: "a backspace or delete"
            case .point: "the decimal key"
            case .sign: "the sign key"
            case .clear: "clear"
            case .leave: "leaving the field"
            case .move: "a caret key"
            case .select: "a selection key"
            }
        }
    }

    /// Where the adapter's own caret stood when a key did nothing there (SPEC §4).
    package enum Spot: String, Hashable, Sendable {
        /// Before the sign or a prefix's currency text, or past a suffix's: where moneyfield's
        /// caret never stands.
        case outside
        /// Beside a group or decimal separator.
        case separator
        /// Among the digits.
        case digits
        /// Anywhere: the key does nothing wherever the caret stands (the shrinker tried others),
        /// a display at a length it cannot pass.
        case length

        var words: String {
            switch self {
            case .outside: "its caret outside the amount (before the sign or a prefix's currency text, or past a suffix's)"
            case .separator: "its caret beside a separator"
            case .digits: "its caret among the digits"
            case .length: "wherever its caret stood: the display at a length it does not pass"
            }
        }
    }

    /// The keys a did-nothing is one cause for, whatever the key (SPEC §4).
    static let didNothingKeys: Set<KeyClass> = [.digit, .point, .delete]

    /// How the adapter's digits differ: one more, one fewer, as many in another order, else.
    package enum DigitChange: String, Hashable, Sendable {
        case more, fewer, otherSlot = "other-slot", replaced, other

        init(from ours: [UInt8], to theirs: [UInt8]) {
            if theirs.count > ours.count { self = .more } else if theirs.count < ours.count { self = .fewer }
            else if theirs.sorted() == ours.sorted() { self = .otherSlot } else { self = .replaced }
        }

        var words: String {
            switch self {
            case .more: "wrote more digits"
            case .fewer: "dropped a digit"
            case .otherSlot: "put the digit in another slot"
            case .replaced: "replaced a digit"
            case .other: "changed its digits"
            }
        }
    }

    /// The cause of `difference`, the last key `key` pressed on moneyfield's `before`.
    /// `theirsBefore` is the adapter's caret before the key, where it gave one.
    /// `afterLeaving`: the key came after `<enter>`, as focus came back.
    /// `behavesAs`: the cause when the adapter answered as moneyfield configured otherwise would
    /// (`OptionAlternative`), nil when it did not.
    /// `didNothingEverywhere`: the shrinker found the key doing nothing at the field's other caret
    /// places; `jumpsToEnd`: a refused key it pressed one place further left sent the caret to the end too.
    static func of(_ kind: DifferenceKind, key: Key, before: MoneyField, adapter: FieldAnswer, reference: FieldAnswer,
                   theirsBefore: Int?, afterLeaving: Bool = false, behavesAs: Cause? = nil, didNothingEverywhere: Bool = false,
                   jumpsToEnd: Bool = false) -> Cause {
        let configuration = before.configuration
        let units = CaretUnits(configuration)
        let keyClass = KeyClass(key)
        let ours = Situation.digits(of: reference.display, configuration: configuration)
        let theirs = Situation.digits(of: adapter.display, configuration: configuration)
        let was = Situation.digits(of: before.display, configuration: configuration)
        let oursChanged = reference.display != before.display
        let theirsChanged = adapter.display != before.display
        // The adapter did nothing: its display as it was, its caret where it stood. Where its caret
        // stood is the cause (past a suffix every key is lost), not the key.
        let didNothingSpot: Spot? = {
            guard didNothingKeys.contains(keyClass), !theirsChanged,
                  theirsBefore == nil || adapter.caret == nil || adapter.caret == theirsBefore else { return nil }
            if didNothingEverywhere { return .length }
            // After leaving, focus comes back with the key: where it put the caret is where the key found it.
            return spot(of: theirsBefore ?? adapter.caret ?? before.caretOffset, in: before, units: units)
        }()
        let visible = kind != .value && kind != .rejected
        if visible, didNothingSpot == .outside { return .didNothing(.outside) }
        if let behavesAs, kind != .value { return behavesAs }
        if visible, let didNothingSpot { return .didNothing(didNothingSpot) }
        switch kind {
        case .display, .emptied:
            // Focus coming back with the padding dropped where moneyfield keeps it (or kept where
            // it trims): whatever the key did next. The other way is padding while typing.
            let theirsPadded = theirs.fraction.count > ours.fraction.count
            if afterLeaving, key != .enter, theirs.fraction.count != ours.fraction.count, !theirs.integer.isEmpty,
               theirsPadded == (configuration.onFocus == .trim) {
                return .padding(padded: theirsPadded, .returning)
            }
            if let limit = Checker.Behaviour.limit(refusing: key, in: before) {
                // Past the limit, or kept at it by changing the digits there (a count that drops
                // as leading zeros go is still kept at it).
                let more = (theirs.integer + theirs.fraction).count > (was.integer + was.fraction).count
                return .refusedAtLimit(limit, more ? .more : .replaced)
            }
            if Checker.Behaviour.hasLeadingZeros(adapter.display, beyond: reference.display, configuration: configuration) { return .leadingZeros }
            if !ours.integer.isEmpty, theirs.integer.isEmpty, !theirs.fraction.isEmpty || hasPoint(adapter.display, configuration) {
                return .noIntegerDigit
            }
            if !(key == .digit(0) && ours.fraction.count != was.fraction.count), let padded = padding(theirs, ours) {
                return .padding(padded: padded, key == .enter ? .leaving : .typing)
            }
            if kind == .emptied { return .emptied(byAdapter: !FieldAnswer.hasDigit(adapter.display), keyClass) }
            if !theirsChanged { return .ignored(keyClass) }
            if !oursChanged {
                // moneyfield refused or ignored the key only where its caret stayed too; a key that
                // moved its caret alone (the decimal key stepping past the standing point) it took.
                let ourCaretStayed = reference.caret.map { units.right(of: $0, in: reference.display) }
                    == units.right(of: before.caretOffset, in: before.display)
                if ourCaretStayed { return theirs == was ? .deletedNonDigit : .tookKey(keyClass) }
                return .digits(DigitChange(from: ours.integer + ours.fraction, to: theirs.integer + theirs.fraction), keyClass)
            }
            if theirs == ours { return .otherGlyphs(glyphsDiffering(adapter.display, reference.display, configuration)) }
            return .digits(DigitChange(from: ours.integer + ours.fraction, to: theirs.integer + theirs.fraction), keyClass)
        case .caret:
            guard let theirCaret = adapter.caret, let ourCaret = reference.caret else { return .caretOff(left: true, keyClass) }
            let u0 = units.right(of: before.caretOffset, in: before.display)
            let uA = units.right(of: theirCaret, in: adapter.display)
            let uR = units.right(of: ourCaret, in: reference.display)
            let moved = theirsBefore.map { $0 != theirCaret } ?? false
            // A selection of non-digits alone (Ctrl+A, then Shift+Left: the `$` selected).
            if let selection = adapter.selection, reference.selection == nil, uA == uR,
               units.right(of: selection.lowerBound, in: adapter.display) == units.right(of: selection.upperBound, in: adapter.display) {
                return .caretPastNoUnit
            }
            let moves = keyClass == .move || keyClass == .select
            if moves, moved, uA == u0, !theirsChanged { return .caretPastNoUnit }
            // A key moneyfield refuses at a limit moving the adapter's caret (as if it were typed):
            // one cause wherever it moved it, one place right landing at the end too. A jump to the
            // end from further, or on a key with nothing to do, is a field that rewrites itself
            // after every edit; from one place away the shrinker tells which (`jumpsToEnd`).
            if !oursChanged, uR == u0, moved || uA != u0, Checker.Behaviour.limit(refusing: key, in: before) != nil,
               uA > 0 || u0 == 1 && !jumpsToEnd {
                return .caretMovedOnRefused
            }
            // An edit key, taken or not, that sends the caret to the end: a field that rewrites its value.
            if !moves, keyClass != .leave, uA == 0, uR > 0 { return .caretToEnd }
            if !oursChanged {
                if moves { return uA == u0 ? .moveIgnored(key) : .moveDistance(key) }
                // An edit of moneyfield's that moved its caret only, which the adapter did not take
                // (the sign or clear: the others did nothing above).
                return uA == u0 && !moved ? .ignored(keyClass) : .caretOff(left: uA > uR, keyClass)
            }
            return .caretOff(left: uA > uR, keyClass)
        case .value:
            return .value(keyClass)
        case .rejected:
            return .rejected(byAdapter: adapter.rejected == true, keyClass)
        }
    }

    /// Where `caret`, the adapter's, stands in `before`'s display (the one both sides showed):
    /// outside the amount when a visible glyph (the currency text, the sign) lies between it and
    /// the nearest place moneyfield's caret can stand; beside a separator; else among the digits.
    static func spot(of caret: Int, in before: MoneyField, units: CaretUnits) -> Spot {
        let display = before.display
        let glyphs = Situation.classified(display, configuration: before.configuration)
        let all = units.right(of: 0, in: display)
        let (lowest, highest) = all == 0 ? (before.caretOffset, before.caretOffset)
            : (units.offset(unitsRight: all, in: display), units.offset(unitsRight: 0, in: display))
        if caret < lowest, glyphs.contains(where: { $0.offset >= caret && $0.offset < lowest }) { return .outside }
        if caret > highest, glyphs.contains(where: { $0.offset >= highest && $0.offset < caret }) { return .outside }
        let rightIndex = glyphs.firstIndex { $0.offset >= caret } ?? glyphs.endIndex
        let separators: Set<Situation.Neighbour> = [.group, .decimal]
        if rightIndex > 0, separators.contains(glyphs[rightIndex - 1].kind) { return .separator }
        if rightIndex < glyphs.endIndex, separators.contains(glyphs[rightIndex].kind) { return .separator }
        return .digits
    }

    private static func hasPoint(_ display: String, _ configuration: FieldConfiguration) -> Bool {
        guard let point = Situation.decimalSeparator(for: configuration) else { return false }
        return display.unicodeScalars.contains(point)
    }

    /// Whether one side's digits are the other's with zeros padding the fraction: true when the
    /// adapter's are padded, false when moneyfield's are, nil otherwise.
    private static func padding(_ theirs: (integer: [UInt8], fraction: [UInt8]), _ ours: (integer: [UInt8], fraction: [UInt8])) -> Bool? {
        guard theirs.integer == ours.integer, theirs.fraction != ours.fraction else { return nil }
        func pads(_ long: [UInt8], _ short: [UInt8]) -> Bool {
            long.count > short.count && Array(long.prefix(short.count)) == short && long.dropFirst(short.count).allSatisfy { $0 == 0 }
        }
        if pads(theirs.fraction, ours.fraction) { return true }
        if pads(ours.fraction, theirs.fraction) { return false }
        return nil
    }

    /// The kinds of glyph one display has more or fewer of than the other.
    private static func glyphsDiffering(_ theirs: String, _ ours: String, _ configuration: FieldConfiguration) -> Set<Situation.Neighbour> {
        func counts(_ display: String) -> [Situation.Neighbour: Int] {
            var counts: [Situation.Neighbour: Int] = [:]
            for glyph in Situation.classified(display, configuration: configuration) where glyph.kind != .digit { counts[glyph.kind, default: 0] += 1 }
            return counts
        }
        let their = counts(theirs)
        let our = counts(ours)
        let differing = Set(their.keys).union(our.keys).filter { their[$0] != our[$0] }
        // The same glyphs elsewhere, or other glyphs of one kind: the currency text written otherwise.
        return differing.isEmpty ? [.currency] : differing
    }

    /// A key refused at a limit: how full the field is makes it, so steering keeps the fill.
    var isAtLimit: Bool { if case .refusedAtLimit = self { true } else { false } }

    /// Whether this cause shows whatever key showed it (it names no key class).
    package var isKeyIndependent: Bool {
        switch self {
        case .asMade, .refusedAtLimit, .deletedNonDigit, .otherGlyphs, .leadingZeros, .noIntegerDigit, .padding, .caretToEnd,
             .caretPastNoUnit, .caretMovedOnRefused, .didNothing, .pointAgain: true
        case .ignored, .tookKey, .digits, .emptied, .moveIgnored, .moveDistance, .caretOff, .value, .rejected: false
        }
    }

    /// `the adapter ignored a digit typed at the front`, the group's words.
    package var words: String {
        switch self {
        case .asMade: "the field as made"
        case .refusedAtLimit(let limit, let change): "a key moneyfield refuses \(limit.words): the adapter took it and \(change.words)"
        case .didNothing(let spot): "a key did nothing on the adapter, \(spot.words), where moneyfield changed the field"
        case .ignored(let key): "the adapter did nothing on \(key.words) where moneyfield changed the field"
        case .pointAgain:
            "the decimal key with the point standing acts as with another \(FieldOption[\.pointAgain].name) ("
                + PointAgain.allCases.map(\.rawValue).joined(separator: ", ") + "; configure check so, or fix the field)"
        case .deletedNonDigit: "the adapter deleted a glyph that is not a digit where moneyfield did nothing"
        case .tookKey(let key): "the adapter changed its digits on \(key.words) moneyfield refuses"
        case .otherGlyphs(let kinds):
            kinds == [.decimal] ? "the same digits with the point missing, or one too many"
                : "the same digits with other " + kinds.map(\.plural).sorted().joined(separator: " and ") + " (the field rewritten otherwise)"
        case .leadingZeros: "the adapter shows leading zeros moneyfield strips"
        case .noIntegerDigit: "the adapter shows no integer digit before the point (moneyfield writes 0)"
        case .padding(let padded, let moment):
            (padded ? "the adapter padded the fraction with zeros where moneyfield did not" : "the adapter did not pad the fraction where moneyfield did")
                + ", " + moment.words
        case .digits(let change, let key): "the adapter \(change.words) on \(key.words), unlike moneyfield"
        case .emptied(let byAdapter, let key): byAdapter ? "the adapter emptied the field on \(key.words), moneyfield shows a digit"
            : "moneyfield emptied the field on \(key.words), the adapter shows a digit"
        case .caretToEnd: "an edit put the adapter's caret at its display's end"
        case .caretPastNoUnit: "the adapter's caret moved past, or selected, a separator, sign or symbol but no digit"
        case .moveIgnored(let key): "\(Checker.words(for: key)) did not move the adapter's caret"
        case .moveDistance(let key): "\(Checker.words(for: key)) moved the adapter's caret by another number of digits"
        case .caretMovedOnRefused: "a key moneyfield refuses, or that leaves its caret, moved the adapter's caret"
        case .caretOff(let left, let key): "after \(key.words) the adapter's caret stands \(left ? "left" : "right") of moneyfield's"
        case .value(let key): "the adapter's value differs after \(key.words)"
        case .rejected(let byAdapter, let key): byAdapter ? "the adapter refused \(key.words) moneyfield takes" : "the adapter took \(key.words) moneyfield refuses"
        }
    }

    /// A short stable spelling for the record: `ignored digit front`.
    package var code: String {
        switch self {
        case .asMade: "made"
        case .refusedAtLimit(let limit, let change): "over-limit \(limit.rawValue) \(change.rawValue)"
        case .didNothing(let spot): "did-nothing \(spot.rawValue)"
        case .ignored(let key): "ignored \(key.rawValue)"
        case .pointAgain: "point-again"
        case .deletedNonDigit: "deleted-non-digit"
        case .tookKey(let key): "took-refused \(key.rawValue)"
        case .otherGlyphs(let kinds): "other-glyphs " + kinds.map(\.rawValue).sorted().joined(separator: ",")
        case .leadingZeros: "leading-zero"
        case .noIntegerDigit: "no-integer-digit"
        case .padding(let padded, let moment): (padded ? "padded" : "not-padded") + moment.code
        case .digits(let change, let key): "digits \(change.rawValue) \(key.rawValue)"
        case .emptied(let byAdapter, let key): "emptied \(byAdapter ? "adapter" : "moneyfield") \(key.rawValue)"
        case .caretToEnd: "to-end"
        case .caretPastNoUnit: "past-no-unit"
        case .moveIgnored(let key): "move-ignored \(key.protocolName)"
        case .moveDistance(let key): "move-distance \(key.protocolName)"
        case .caretMovedOnRefused: "moved-on-refused"
        case .caretOff(let left, let key): "off-\(left ? "left" : "right") \(key.rawValue)"
        case .value(let key): "value \(key.rawValue)"
        case .rejected(let byAdapter, let key): "rejected \(byAdapter ? "adapter" : "moneyfield") \(key.rawValue)"
        }
    }
}

extension Situation.Neighbour {
    var plural: String {
        switch self {
        case .digit: "digits"
        case .group: "group separators"
        case .decimal: "decimal separators"
        case .currency: "currency text"
        case .sign: "signs"
        case .edge: "edges"
        case .nothing: "nothing"
        }
    }
}
