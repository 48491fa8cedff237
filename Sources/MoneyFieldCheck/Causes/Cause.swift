import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell

/// Why a session disagrees (SPEC §4): a lookup of the effect of the last key on each side
/// (`Effect`, read against the field before it, which both sides agreed on), the key's class
/// and what the adapter was asked after shrinking (`Findings`). What stood beside the caret is
/// evidence, kept in the script's header, never part of the cause; the key is part of it only
/// where the effect depends on it (a digit ignored and a delete ignored are fixed apart; a field
/// that never regroups shows it on every key).
package enum Cause: Hashable, Sendable {
    /// The field as made differs.
    case asMade
    /// moneyfield refuses the key at a limit; the adapter took it and changed its digits so
    /// (`more`: every digit it had kept and the key's written too, wherever the amount moved).
    case refusedAtLimit(Checker.Behaviour.Limit, DigitChange)
    /// A digit, the decimal key or a delete did nothing on the adapter (its display and value as
    /// they were, wherever its caret went) where moneyfield changed the field.
    case didNothing(DidNothing)
    /// Another key (the sign, clear) did nothing on the adapter where moneyfield changed the field.
    case ignored(NamedKey.KeyClass)
    /// The adapter's decimal key, with the point standing, does what moneyfield's does with
    /// another `--point-again` (which one may depend on where the caret stood: `step` and
    /// `ignore` refuse alike away from the point).
    case pointAgain
    /// moneyfield's display stayed as it was; the adapter's digits stayed too but other glyphs went.
    case deletedNonDigit
    /// moneyfield refused or ignored the key (no limit); the adapter changed its digits.
    case tookKey(NamedKey.KeyClass)
    /// A backspace or delete moneyfield refused on a field with no digit, after which the adapter
    /// shows digits (Inputmask's mask `$0.00`): not a change of digits the field held.
    case filledEmpty(NamedKey.KeyClass)
    /// The same digits, other glyphs between them (a field that never regroups).
    case otherGlyphs(Set<Situation.Neighbour>)
    /// Zeros before the adapter's integer digits.
    case leadingZeros
    /// No integer digit before the adapter's point (`$.5`).
    case noIntegerDigit
    /// The adapter padded the fraction with zeros where moneyfield did not (`padded`), or did
    /// not pad where moneyfield did, at one of focus's moments.
    case padding(padded: Bool, FocusMoment)
    /// The adapter's amount is the digit typed alone, where moneyfield kept its digits: the key
    /// replaced a selection of the whole text (a field that selects it as focus comes back).
    case replacedAmount
    /// A digit typed over the digit right of the adapter's caret replaced it (the same digit too,
    /// the display as it was and the caret past it), where moneyfield took it: a field that
    /// overwrites, whatever moneyfield's insert made of the digits.
    case overwrote
    /// The digits differ otherwise after the key.
    case digits(DigitChange, NamedKey.KeyClass)
    /// One side shows no digit at all and the other does.
    case emptied(byAdapter: Bool, NamedKey.KeyClass)
    /// After an edit, the adapter's caret at its display's end.
    case caretToEnd
    /// The adapter's caret moved, past no unit (a separator, the sign or the currency text), or
    /// it selected such glyphs alone.
    case caretPastNoUnit
    /// An arrow, Home or End left the adapter's caret elsewhere than moneyfield's (where it
    /// stood, or some other number of units on): whichever key, since a caret stop the field
    /// lacks or adds shows on each.
    case moveOff
    /// moneyfield's caret stayed (it refused or ignored the key); the adapter's moved.
    case caretMovedOnRefused
    /// After an edit, the adapter's caret `left` (or right) of moneyfield's.
    case caretOff(left: Bool, NamedKey.KeyClass)
    case value(NamedKey.KeyClass)
    case rejected(byAdapter: Bool, NamedKey.KeyClass)

    /// A did-nothing's place and key; nil is "any", as the probes found (`Findings`): a key that
    /// does nothing wherever moneyfield takes it is one cause for the key, a place where every
    /// key does nothing one for the place, both nil a display at a length it does not pass.
    package struct DidNothing: Hashable, Sendable {
        package let place: Spot?
        package let key: NamedKey.KeyClass?

        package init(_ place: Spot?, _ key: NamedKey.KeyClass?) {
            self.place = place
            self.key = key
        }

        var words: String {
            switch (place, key) {
            case (nil, nil): "a key did nothing on the adapter, wherever its caret stood: the display at a length it does not pass, where moneyfield changed the field"
            case (nil, let key?): "\(key.words) did nothing on the adapter wherever its caret stood, where moneyfield took it"
            // Outside, a key that did something other than moneyfield's at the amount's edge is this cause too.
            case (.outside?, nil): "the adapter's caret went or stood outside the amount (before the sign or a prefix's currency text, or past a "
                + "suffix's), where moneyfield's never stands: a key there did nothing, or not what moneyfield's did at the amount's edge"
            case (let place?, nil): "a key did nothing on the adapter, \(place.words), where moneyfield changed the field"
            case (let place?, let key?): "\(key.words) did nothing on the adapter, \(place.words), where moneyfield changed the field"
            }
        }

        /// `did-nothing outside` (a place, any key) and `did-nothing length` keep the spellings
        /// they had before the key was told apart.
        var code: String {
            switch (place, key) {
            case (nil, nil): "did-nothing length"
            case (nil, let key?): "did-nothing anywhere \(key.code)"
            case (let place?, nil): "did-nothing \(place.rawValue)"
            case (let place?, let key?): "did-nothing \(place.rawValue) \(key.code)"
            }
        }
    }

    /// Where the adapter's own caret stood before a key that did nothing there (SPEC §4).
    package enum Spot: String, Hashable, Sendable {
        /// Before the sign or a prefix's currency text, or past a suffix's: where moneyfield's
        /// caret never stands.
        case outside
        /// Beside a group or decimal separator.
        case separator
        /// Among the digits.
        case digits

        var words: String {
            switch self {
            case .outside: "its caret outside the amount (before the sign or a prefix's currency text, or past a suffix's)"
            case .separator: "its caret beside a separator"
            case .digits: "its caret among the digits"
            }
        }
    }

    /// The keys a did-nothing is judged for (SPEC §4).
    static let didNothingKeys: Set<NamedKey.KeyClass> = [.digit, .point, .delete]

    /// How the adapter's digits differ: one more, one fewer, as many in another order, or replaced.
    package enum DigitChange: String, Hashable, Sendable {
        case more, fewer, otherSlot = "other-slot", replaced

        /// `was`: the digits both sides held before the key. Each side deleting one of them, not the
        /// same one, is another slot whatever the digits' values (a field that deletes its last
        /// digit wherever the caret stands: `1.2|34` → moneyfield `134`, the adapter `123`).
        init(from ours: [UInt8], to theirs: [UInt8], was: [UInt8] = []) {
            if theirs.count > ours.count { self = .more } else if theirs.count < ours.count { self = .fewer }
            else if theirs.sorted() == ours.sorted() { self = .otherSlot }
            else if Self.dropsOne(was, to: theirs), Self.dropsOne(was, to: ours) { self = .otherSlot }
            else { self = .replaced }
        }

        /// Whether `shorter` is `digits` with one digit left out, leading zeros aside (the padding
        /// an ATM display shows: `$0.12` less its `1` is `$0.02`).
        static func dropsOne(_ digits: [UInt8], to shorter: [UInt8]) -> Bool {
            let digits = Array(digits.drop { $0 == 0 })
            let shorter = Array(shorter.drop { $0 == 0 })
            return digits.indices.contains { index in
                var kept = digits
                kept.remove(at: index)
                return Array(kept.drop { $0 == 0 }) == shorter
            }
        }

        var words: String {
            switch self {
            case .more: "wrote more digits"
            case .fewer: "dropped a digit"
            case .otherSlot: "put the digit in another slot"
            case .replaced: "replaced a digit"
            }
        }
    }

    /// The cause of `difference`, the last key `key` pressed on moneyfield's `before`.
    /// `adapterBefore`: the adapter's answer before the key, where it is known (its caret alone
    /// in `adapterCaretBefore` otherwise).
    /// `afterLeaving`: the key came after `<enter>`, as focus came back.
    /// `behavesAs`: the cause when the adapter answered as moneyfield configured otherwise would
    /// (`OptionAlternative`), nil when it did not.
    /// `findings`: what the probes found after shrinking (`Probe`).
    static func of(_ kind: DifferenceKind, key: Key, before: MoneyField, adapter: FieldAnswer, reference: FieldAnswer,
                   adapterBefore: FieldAnswer? = nil, adapterCaretBefore: Int? = nil, afterLeaving: Bool = false,
                   behavesAs: Cause? = nil, findings: Findings = Findings()) -> Cause {
        let configuration = before.configuration
        let units = CaretUnits(configuration)
        let keyClass = NamedKey.KeyClass(key)
        let ours = Situation.digits(of: reference.display, configuration: configuration)
        let theirs = Situation.digits(of: adapter.display, configuration: configuration)
        let was = Situation.digits(of: before.display, configuration: configuration)
        let beforeAnswer = FieldAnswer(before, rejected: false)
        // The adapter's answer before the key; where only its caret is known, the display both showed.
        let theirBefore = adapterBefore ?? adapterCaretBefore.map { FieldAnswer(display: before.display, caret: $0) }
        let theirEffect = Effect(before: theirBefore, after: adapter, shownBefore: before.display)
        let ourEffect = Effect(before: beforeAnswer, after: reference, shownBefore: before.display)
        let overwrote = typedOver(key, before: theirBefore, after: adapter, configuration: configuration)
        let oursChanged = reference.display != before.display
        let theirsChanged = !theirEffect.didNothing
        let visible = kind != .value && kind != .rejected
        // The adapter's caret stood outside the amount before an edit or a caret key, where
        // moneyfield's never stands (Home, End or an arrow put it there unseen: the slot is the
        // amount's edge): whatever the key did there (nothing, a digit written after `$`, the
        // caret moved past `€` alone), the place is the cause, unless the key does nothing anywhere.
        // Where it is unknown (after leaving), the place focus gave, as Right showed it (`Findings.focusOutside`).
        // A key moneyfield refuses at a limit that the adapter took is the limit's, wherever its
        // caret stood (cleave.js's rests past ` €`: a 31st digit past `--max-digits 30` written there).
        let takenPastLimit = theirsChanged && Checker.Behaviour.limit(refusing: key, in: before) != nil
        if visible, !takenPastLimit, didNothingKeys.union([.move]).contains(keyClass), !findings.keyAnywhere,
           theirEffect.caretBefore.map({ spot(of: $0, in: before, units: units) == .outside }) ?? findings.focusOutside {
            return .didNothing(DidNothing(.outside, nil))
        }
        // A caret key that left the adapter's caret there, the display as it was (`0 €|` Left →
        // `0 |€`, after leaving too, where the caret focus gave is unknown): the same place.
        if visible, keyClass == .move, !theirsChanged, let caret = adapter.caret, spot(of: caret, in: before, units: units) == .outside {
            return .didNothing(DidNothing(.outside, nil))
        }
        // The adapter did nothing where moneyfield changed its display (or moved its caret alone).
        // Where its caret stood before the key is the place; the probes
        // say whether the key, or the place, is the whole of it.
        // Where moneyfield moved its caret alone, the adapter's caret moving elsewhere is a caret
        // put elsewhere, not a key that did nothing (`0,0|0 €` Backspace: Inputmask `0|,00 €`,
        // moneyfield `0,|00 €`, as over a `1` where both clear the digit alike).
        if visible, didNothingKeys.contains(keyClass), theirEffect.didNothing, !overwrote,
           !ourEffect.didNothing || ourEffect.caretMoved && !theirEffect.caretMoved {
            // After leaving, focus comes back with the key: where it put the caret is where the key found it.
            let place = spot(of: theirEffect.caretBefore ?? adapter.caret ?? before.caretOffset, in: before, units: units)
            // A key that would grow the display doing nothing wherever the caret stood: a length.
            let grows = reference.display.utf16.count > before.display.utf16.count
            // Outside the amount the place is the cause whatever the key (above, where the caret before is known).
            let anyKey = findings.placeAnyKey || place == .outside && !findings.keyAnywhere || findings.keyAnywhere && grows
            let cause = Cause.didNothing(DidNothing(findings.keyAnywhere ? nil : place, anyKey ? nil : keyClass))
            // An option is named only where it explains more than this key at this place.
            if place == .outside || findings.keyAnywhere || findings.placeAnyKey || behavesAs == nil { return cause }
        }
        if let behavesAs, kind != .value { return behavesAs }
        switch kind {
        case .display, .emptied:
            // Focus coming back with the padding dropped where moneyfield keeps it (or kept where
            // it trims): whatever the key did next, the integer part as moneyfield's. The other
            // way is padding while typing.
            let theirsPadded = theirs.fraction.count > ours.fraction.count
            if afterLeaving, key != .enter, theirs.fraction.count != ours.fraction.count, !theirs.integer.isEmpty, theirs.integer == ours.integer,
               theirsPadded == (configuration.onFocus == .trim) {
                return .padding(padded: theirsPadded, .returning)
            }
            if case .digit(let typed) = key, afterLeaving,
               Self.significant(theirs.integer + theirs.fraction, trailing: true) == [typed].filter({ $0 != 0 }),
               Self.significant(was.integer + was.fraction, trailing: true).count >= 2 {
                return .replacedAmount
            }
            if let limit = Checker.Behaviour.limit(refusing: key, in: before) {
                // Every digit the field held kept in order and the key's written too (the amount
                // moved, ATM-style, or not), else a digit dropped for it: counted against the
                // digits typed, not the padding shown, the integer's leading zeros aside.
                // The field's digits hold no leading zero: a fraction typed in full below one is padded back.
                let typed = before.state.digits
                let fraction = before.state.typedFraction ?? 0
                let kept = Self.significant(typed.count > fraction ? Array(typed.dropLast(fraction)) : [], trailing: false)
                    + Array(repeating: 0, count: max(0, fraction - typed.count)) + typed.suffix(fraction)
                let shown = Self.significant(theirs.integer, trailing: false) + theirs.fraction
                // An ATM-style shift typed at the end: the amount's digits, then the key's.
                let shifted: Bool = if case .digit(let digit) = key, before.state.caretSlotsFromEnd == 0 {
                    Self.significant(shown, trailing: false) == Self.significant(kept, trailing: false) + [digit]
                } else { false }
                return .refusedAtLimit(limit, shifted || shown.count > kept.count && Self.keeps(kept, in: shown) ? .more : .replaced)
            }
            if overwrote, oursChanged { return .overwrote }
            if Checker.Behaviour.hasLeadingZeros(adapter.display, beyond: reference.display, configuration: configuration) { return .leadingZeros }
            if !ours.integer.isEmpty, theirs.integer.isEmpty, !theirs.fraction.isEmpty || hasPoint(adapter.display, configuration) {
                return .noIntegerDigit
            }
            // Padding is a key's: the side that padded grew its fraction with this key.
            if !(key == .digit(0) && ours.fraction.count != was.fraction.count), let padded = padding(theirs, ours),
               key == .enter || (padded ? theirs : ours).fraction.count > was.fraction.count {
                return .padding(padded: padded, key == .enter ? .leaving : .typing)
            }
            // Emptied by the side whose field held a digit before the key: a field empty already
            // (moneyfield refusing Backspace there) that the adapter wrote digits into is not that.
            let byAdapter = !FieldAnswer.hasDigit(adapter.display)
            if kind == .emptied, FieldAnswer.hasDigit(byAdapter ? adapterBefore?.display ?? before.display : before.display) {
                return .emptied(byAdapter: byAdapter, keyClass)
            }
            if !theirsChanged { return .ignored(keyClass) }
            if !oursChanged {
                // moneyfield refused or ignored the key only where its caret stayed too; a key that
                // moved its caret alone (the decimal key stepping past the standing point) it took.
                let ourCaretStayed = reference.caret.map { units.right(of: $0, in: reference.display) }
                    == units.right(of: before.caretOffset, in: before.display)
                if ourCaretStayed, keyClass == .delete, !FieldAnswer.hasDigit(adapterBefore?.display ?? before.display),
                   FieldAnswer.hasDigit(adapter.display) {
                    return .filledEmpty(keyClass)
                }
                // A delete of one of the digits the field held is another digit than moneyfield's
                // (none here), one cause with a delete of another than the one it deleted.
                if ourCaretStayed, keyClass == .delete, DigitChange.dropsOne(was.integer + was.fraction, to: theirs.integer + theirs.fraction) {
                    return .digits(.otherSlot, .delete)
                }
                if ourCaretStayed { return theirs == was ? .deletedNonDigit : .tookKey(keyClass) }
                return .digits(DigitChange(from: ours.integer + ours.fraction, to: theirs.integer + theirs.fraction, was: was.integer + was.fraction), keyClass)
            }
            if theirs == ours { return .otherGlyphs(glyphsDiffering(adapter.display, reference.display, configuration)) }
            return .digits(DigitChange(from: ours.integer + ours.fraction, to: theirs.integer + theirs.fraction, was: was.integer + was.fraction), keyClass)
        case .caret:
            guard let theirCaret = adapter.caret, let ourCaret = reference.caret else { return .caretOff(left: true, keyClass) }
            let u0 = units.right(of: before.caretOffset, in: before.display)
            let uA = units.right(of: theirCaret, in: adapter.display)
            let uR = units.right(of: ourCaret, in: reference.display)
            let moved = theirEffect.caretMoved
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
            // after every edit; from one place away the probe tells which (`Findings.jumpsToEnd`).
            if !oursChanged, uR == u0, moved || uA != u0, Checker.Behaviour.limit(refusing: key, in: before) != nil,
               uA > 0 || u0 == 1 && !findings.jumpsToEnd {
                return .caretMovedOnRefused
            }
            // An edit key, taken or not, that sends the caret to the end: a field that rewrites its value.
            if !moves, keyClass != .leave, uA == 0, uR > 0 { return .caretToEnd }
            if !oursChanged {
                if moves { return .moveOff }
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

    /// Whether the adapter wrote the digit `key` typed over the digit right of its caret: its
    /// digits as before with that one replaced (by the same digit too: then its caret stepped past it).
    static func typedOver(_ key: Key, before: FieldAnswer?, after: FieldAnswer, configuration: FieldConfiguration) -> Bool {
        guard case .digit(let typed) = key, let before, let from = before.caret, let to = after.caret, to > from,
              before.value == nil || after.value == nil || before.value == after.value || before.display != after.display else { return false }
        func digits(_ display: String) -> [UInt8] {
            let split = Situation.digits(of: display, configuration: configuration)
            return split.integer + split.fraction
        }
        let was = digits(before.display)
        let now = digits(after.display)
        // The digit right of the caret: as many digits stand left of it.
        var offset = 0
        var index = 0
        for scalar in before.display.unicodeScalars {
            if offset >= from { break }
            if Key.digitValue(of: scalar) != nil { index += 1 }
            offset += scalar.utf16.count
        }
        guard was.count == now.count, index < now.count, now[index] == typed else { return false }
        return was.indices.allSatisfy { $0 == index || was[$0] == now[$0] }
    }

    /// `digits` without their leading zeros (and, `trailing`, the zeros ending them).
    private static func significant(_ digits: [UInt8], trailing: Bool) -> [UInt8] {
        var kept = Array(digits.drop { $0 == 0 })
        if trailing { while kept.last == 0 { kept.removeLast() } }
        return kept
    }

    /// Whether `kept` stands in `shown` in order (other digits between them).
    private static func keeps(_ kept: [UInt8], in shown: [UInt8]) -> Bool {
        var rest = kept[...]
        for digit in shown where rest.first == digit { rest = rest.dropFirst() }
        return rest.isEmpty
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

    /// The group's words: `a backspace or delete did nothing on the adapter, its caret beside a separator, …`.
    package var words: String {
        switch self {
        case .asMade: "the field as made"
        case .refusedAtLimit(let limit, let change): "a key moneyfield refuses \(limit.words): the adapter took it and \(change.words)"
        case .didNothing(let didNothing): didNothing.words
        case .ignored(let key): "the adapter did nothing on \(key.words) where moneyfield changed the field"
        case .pointAgain:
            "the decimal key with the point standing acts as with another \(FieldOption[\.pointAgain].name) ("
                + PointAgain.allCases.map(\.rawValue).joined(separator: ", ") + "; configure check so, or fix the field)"
        case .deletedNonDigit: "the adapter deleted a glyph that is not a digit where moneyfield did nothing"
        case .tookKey(let key): "the adapter changed its digits on \(key.words) moneyfield refuses"
        case .filledEmpty(let key): "the adapter wrote digits into the empty field on \(key.words) moneyfield refuses"
        case .otherGlyphs(let kinds):
            kinds == [.decimal] ? "the same digits with the point missing, or one too many"
                : "the same digits with other " + kinds.map(\.plural).sorted().joined(separator: " and ") + " (the field rewritten otherwise)"
        case .leadingZeros: "the adapter shows leading zeros moneyfield strips"
        case .noIntegerDigit: "the adapter shows no integer digit before the point (moneyfield writes 0)"
        case .padding(let padded, let moment):
            (padded ? "the adapter padded the fraction with zeros where moneyfield did not" : "the adapter did not pad the fraction where moneyfield did")
                + ", " + moment.words + ": it behaves as with " + moment.option(padding: padded)
        case .replacedAmount: "a digit replaced the adapter's whole amount (its text selected) where moneyfield kept its digits"
        case .overwrote: "a digit typed over the digit right of the adapter's caret replaced it where moneyfield inserted it (the field overwrites)"
        case .digits(.otherSlot, .delete): "the adapter deleted another digit than moneyfield on a backspace or delete (moneyfield deleting another, or none)"
        case .digits(let change, let key): "the adapter \(change.words) on \(key.words), unlike moneyfield"
        case .emptied(let byAdapter, let key): byAdapter ? "the adapter emptied the field on \(key.words), moneyfield shows a digit"
            : "moneyfield emptied the field on \(key.words), the adapter shows a digit"
        case .caretToEnd: "an edit put the adapter's caret at its display's end"
        case .caretPastNoUnit: "the adapter's caret moved past, or selected, a separator, sign or symbol but no digit"
        case .moveOff: "an arrow, Home or End left the adapter's caret elsewhere than moneyfield's (a caret stop it lacks or adds)"
        case .caretMovedOnRefused: "a key moneyfield refuses, or that leaves its caret, moved the adapter's caret"
        case .caretOff(let left, let key): "after \(key.words) the adapter's caret stands \(left ? "left" : "right") of moneyfield's"
        case .value(let key): "the adapter's value differs after \(key.words)"
        case .rejected(let byAdapter, let key): byAdapter ? "the adapter refused \(key.words) moneyfield takes" : "the adapter took \(key.words) moneyfield refuses"
        }
    }

    /// A short stable spelling for the record, which shards are merged by: `did-nothing separator delete`.
    package var code: String {
        switch self {
        case .asMade: "made"
        case .refusedAtLimit(let limit, let change): "over-limit \(limit.rawValue) \(change.rawValue)"
        case .didNothing(let didNothing): didNothing.code
        case .ignored(let key): "ignored \(key.code)"
        case .pointAgain: "point-again"
        case .deletedNonDigit: "deleted-non-digit"
        case .tookKey(let key): "took-refused \(key.code)"
        case .filledEmpty(let key): "filled-empty \(key.code)"
        case .otherGlyphs(let kinds): "other-glyphs " + kinds.map(\.rawValue).sorted().joined(separator: ",")
        case .leadingZeros: "leading-zero"
        case .noIntegerDigit: "no-integer-digit"
        case .padding(let padded, let moment): (padded ? "padded" : "not-padded") + moment.code
        case .replacedAmount: "replaced-amount"
        case .overwrote: "overwrote"
        case .digits(let change, let key): "digits \(change.rawValue) \(key.code)"
        case .emptied(let byAdapter, let key): "emptied \(byAdapter ? "adapter" : "moneyfield") \(key.code)"
        case .caretToEnd: "to-end"
        case .caretPastNoUnit: "past-no-unit"
        case .moveOff: "move-off"
        case .caretMovedOnRefused: "moved-on-refused"
        case .caretOff(let left, let key): "off-\(left ? "left" : "right") \(key.code)"
        case .value(let key): "value \(key.code)"
        case .rejected(let byAdapter, let key): "rejected \(byAdapter ? "adapter" : "moneyfield") \(key.code)"
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
