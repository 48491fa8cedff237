import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell

/// What the probes found asking the adapter after a session was shrunk: the cause table
/// (`Cause.of`) reads these, never the probes themselves.
package struct Findings: Hashable, Sendable {
    /// The last key did nothing at the field's other caret places too, wherever moneyfield took
    /// it (and, where it grew the display, grew it at least as much).
    package var keyAnywhere = false
    /// Another kind of key (a digit, the decimal key, a delete) did nothing where the last key
    /// found the caret too.
    package var placeAnyKey = false
    /// A refused key that moved the adapter's caret one place, to the end, sent it to the end
    /// from two places away too (a field that rewrites itself).
    package var jumpsToEnd = false

    /// After leaving, where the caret focus gave is unknown: Right, in its place, left the
    /// adapter's caret outside the amount, the display as it was (focus put it there).
    package var focusOutside = false

    package init(keyAnywhere: Bool = false, placeAnyKey: Bool = false, jumpsToEnd: Bool = false, focusOutside: Bool = false) {
        self.keyAnywhere = keyAnywhere
        self.placeAnyKey = placeAnyKey
        self.jumpsToEnd = jumpsToEnd
        self.focusOutside = focusOutside
    }
}

/// A question put to the adapter once a session is shrunk: when it applies, what it asks, what it
/// found (written into the difference's `findings`, or a stronger example in its place).
protocol Probe: Sendable {
    /// Whether it applies to `example`, whose last key shows `difference`.
    func applies(to example: CheckPlan.Session, _ difference: Checker.Difference) -> Bool
    /// Asks the adapter, within `budget` sessions.
    func ask(_ example: inout CheckPlan.Session, _ difference: inout Checker.Difference, checker: Checker, adapter: any FieldAdapter,
             budget: inout Int) throws(Adapter.Failure)
}

extension Checker {
    /// Every probe, in order: a stronger digit and other digits first, since the others read their example.
    static let probes: [any Probe] = [StrongerDigitProbe(), OtherDigitsProbe(), KeyAnywhereProbe(), PlaceAnyKeyProbe(), JumpsToEndProbe(),
                                      FocusPlaceProbe()]

    /// `example` and `difference` with every probe that applies asked.
    func probed(_ example: CheckPlan.Session, _ difference: Difference, on adapter: any FieldAdapter,
                budget: inout Int) throws(Adapter.Failure) -> (CheckPlan.Session, Difference) {
        var (example, difference) = (example, difference)
        for probe in Self.probes where budget > 0 && probe.applies(to: example, difference) {
            try probe.ask(&example, &difference, checker: self, adapter: adapter, budget: &budget)
        }
        return (example, difference)
    }

    /// Whether the last of `keys`, played on a field made as `example`'s, did nothing on the
    /// adapter (its display and value as they were): true, false where it did something, nil
    /// where the session did not reach it with the adapter in step.
    func lastKeyDidNothing(_ keys: [Key], like example: CheckPlan.Session, on adapter: any FieldAdapter) throws(Adapter.Failure) -> Bool? {
        var session = example
        session.keys = keys
        session.taps = []
        let trace = try trace(session, on: adapter, confirming: false)
        if let last = trace.differences.last, last.step == keys.count {
            return Effect(before: last.adapterBefore, after: last.adapter, shownBefore: last.adapterBefore?.display ?? "").didNothing
        }
        guard case .agrees = trace.outcome else {
            // Caret differences tapped over before it, the last key as moneyfield's.
            return trace.keysPlayed == keys.count && trace.differences.allSatisfy { $0.kind == .caret } ? false : nil
        }
        return trace.keysPlayed == keys.count ? false : nil
    }

    /// moneyfield's field before and after the last of `keys`, made as `example`'s.
    static func lastKey(of keys: [Key], like example: CheckPlan.Session) -> (before: FieldAnswer, after: FieldAnswer)? {
        var probe = example
        probe.keys = keys
        guard let answers = try? FieldAnswer.reference(for: probe), answers.count >= 2 else { return nil }
        return (answers[answers.count - 2], answers[answers.count - 1])
    }

    /// Whether `difference`, at `example`'s last key, is the adapter doing nothing on a key the
    /// did-nothing causes judge where moneyfield changed its display or moved its caret: the two
    /// did-nothing probes' case.
    static func didNothingOnLastKey(_ example: CheckPlan.Session, _ difference: Difference) -> Bool {
        guard difference.step == example.keys.count, difference.kind != .value, difference.kind != .rejected, let last = example.keys.last,
              Cause.didNothingKeys.contains(NamedKey.KeyClass(last)), let found = lastKey(of: example.keys, like: example),
              found.after.display != found.before.display || found.after.caret != found.before.caret else { return false }
        return Effect(before: difference.adapterBefore, after: difference.adapter, shownBefore: found.before.display).didNothing
    }
}

/// A digit moneyfield refuses at a limit whose difference is only the caret: the adapter took it
/// and dropped the same digit (autoNumeric's fraction cut, `$0.0|0` then `0`). Another digit
/// shows the display it changes: that is the cause, as its other sessions show it.
struct StrongerDigitProbe: Probe {
    func applies(to example: CheckPlan.Session, _ difference: Checker.Difference) -> Bool {
        guard difference.kind == .caret, let last = example.keys.last, case .digit = last, let field = moneyfield(before: example) else { return false }
        return Checker.Behaviour.limit(refusing: last, in: field) != nil
    }

    func ask(_ example: inout CheckPlan.Session, _ difference: inout Checker.Difference, checker: Checker, adapter: any FieldAdapter,
             budget: inout Int) throws(Adapter.Failure) {
        guard let last = example.keys.last, case .digit(let typed) = last, let field = moneyfield(before: example),
              let limit = Checker.Behaviour.limit(refusing: last, in: field) else { return }
        // Only digits refused at the same limit: another digit taken is another cause.
        for other in UInt8(0)...9 where other != typed && Checker.Behaviour.limit(refusing: .digit(other), in: field) == limit {
            guard budget > 0 else { return }
            budget -= 1
            var candidate = example
            candidate.keys[candidate.keys.count - 1] = .digit(other)
            if let found = try checker.trace(candidate, on: adapter, confirming: false).differences.last, found.kind == .display,
               found.step == candidate.keys.count {
                example = candidate
                difference = found
                return
            }
        }
    }

    private func moneyfield(before example: CheckPlan.Session) -> MoneyField? {
        guard let configuration = try? example.configuration.fieldConfiguration() else { return nil }
        var field = MoneyField(configuration)
        for key in example.keys.dropLast() { do throws(Rejection) { try field.press(key) } catch {} }
        return field
    }
}

/// A delete whose difference is only the caret, moneyfield having deleted a digit (its display
/// changed, or its caret moved alone: `0,0|0 €` → `0,|00 €`, the padding back): the adapter may
/// have deleted another digit of the same value (a field that deletes its last digit wherever the
/// caret stands: `$0.1|1` Backspace, or `$0.|01` with one digit to delete), or cleared zeros with
/// it (Inputmask's Backspace after the comma: `0,1|0 €` → `0|,00 €`). The same keys with every
/// digit typed told apart, then with one more digit typed first, then with another typed right of
/// the caret, show the display it changes: that is the cause, as its other sessions show it.
struct OtherDigitsProbe: Probe {
    func applies(to example: CheckPlan.Session, _ difference: Checker.Difference) -> Bool {
        guard difference.kind == .caret, difference.step == example.keys.count, let last = example.keys.last,
              NamedKey.KeyClass(last) == .delete, let found = Checker.lastKey(of: example.keys, like: example) else { return false }
        return found.after.display != found.before.display || found.after.caret != found.before.caret
    }

    func ask(_ example: inout CheckPlan.Session, _ difference: inout Checker.Difference, checker: Checker, adapter: any FieldAdapter,
             budget: inout Int) throws(Adapter.Failure) {
        var next: UInt8 = 1
        let apart = example.keys.map { key -> Key in
            guard case .digit = key else { return key }
            defer { next = next % 9 + 1 }
            return .digit(next)
        }
        // The digit typed right of the caret: Left steps back over it, the caret where it was.
        let besideCaret = Array(apart.dropLast()) + [.digit(next), .left] + Array(apart.suffix(1))
        for keys in [apart, [.digit(next)] + apart, besideCaret] where keys != example.keys {
            guard budget > 0 else { return }
            budget -= 1
            var candidate = example
            candidate.keys = keys
            if let found = try checker.trace(candidate, on: adapter, confirming: false).differences.last, found.kind == .display,
               found.step == candidate.keys.count {
                example = candidate
                difference = found
                return
            }
        }
    }
}

/// A key that did nothing: does it do nothing at the field's other caret places too, reached
/// from the same keys by Home, End, Home then Right, End then Left, Left or Right (and, for a key
/// that does not grow the display, in a field one digit longer), wherever moneyfield takes it
/// (and where it grew the display, grows it at least as much: a display held at a length)? One
/// place where the adapter takes it and the place is part of the cause.
struct KeyAnywhereProbe: Probe {
    func applies(to example: CheckPlan.Session, _ difference: Checker.Difference) -> Bool {
        Checker.didNothingOnLastKey(example, difference)
    }

    func ask(_ example: inout CheckPlan.Session, _ difference: inout Checker.Difference, checker: Checker, adapter: any FieldAdapter,
             budget: inout Int) throws(Adapter.Failure) {
        guard let last = example.keys.last, let configuration = try? example.configuration.fieldConfiguration(),
              let found = Checker.lastKey(of: example.keys, like: example) else { return }
        let units = CaretUnits(configuration)
        func growth(_ pair: (before: FieldAnswer, after: FieldAnswer)) -> Int { pair.after.display.utf16.count - pair.before.display.utf16.count }
        func place(_ answer: FieldAnswer) -> Int? { answer.caret.map { units.right(of: $0, in: answer.display) } }
        var elsewhere = 0
        // A key that does not grow the display is tried in a field one digit longer too: a shrunk
        // example (`1<bs>`) may hold no other place. A key no other place takes as it grew the
        // display here (the point at `$1,000|`) stands for a digit, as a length limit's would.
        let widen: [[Key]] = growth(found) > 0 ? [[]] : [[], [.end, .digit(1)], [.home, .digit(1)]]
        var tried = false
        for key in growth(found) > 0 && last != .digit(1) ? [last, .digit(1)] : [last] where !tried {
            for wider in widen {
                for moves: [Key] in [[.home], [.end], [.home, .right], [.end, .left], [.left], [.right]] {
                    let keys = Array(example.keys.dropLast()) + wider + moves + [key]
                    guard let probe = Checker.lastKey(of: keys, like: example),
                          wider.isEmpty ? probe.before.display == found.before.display : probe.before.display != found.before.display,
                          probe.after.display != probe.before.display, growth(found) <= 0 || growth(probe) >= growth(found),
                          !wider.isEmpty || key != last || place(probe.before) != place(found.before) else { continue }
                    guard budget > 0 else { break }
                    budget -= 1
                    tried = true
                    switch try checker.lastKeyDidNothing(keys, like: example, on: adapter) {
                    case true?: elsewhere += 1
                    case false?: return
                    case nil: continue
                    }
                }
            }
        }
        difference.findings.keyAnywhere = elsewhere > 0
    }
}

/// A key that did nothing: does another kind of key (a digit, the decimal key, a delete) do
/// nothing where it found the caret too, wherever moneyfield takes that one? Then the place is
/// the cause, whatever the key (past a suffix every key is lost; before a prefix a digit and the
/// point, a Delete taken there or not).
struct PlaceAnyKeyProbe: Probe {
    func applies(to example: CheckPlan.Session, _ difference: Checker.Difference) -> Bool {
        Checker.didNothingOnLastKey(example, difference)
    }

    func ask(_ example: inout CheckPlan.Session, _ difference: inout Checker.Difference, checker: Checker, adapter: any FieldAdapter,
             budget: inout Int) throws(Adapter.Failure) {
        guard let last = example.keys.last else { return }
        let others: [Key] = [.digit(1), .decimal, .backspace, .delete]
        // The same keys, then in a field with a `1` typed first where moneyfield takes none of the
        // others there (`<end>1` past ` €` on `0,00 €`: nothing to delete, no point in atm).
        for first: [Key] in [[], [.digit(1)]] {
            var tried = false
            for key in others where NamedKey.KeyClass(key) != NamedKey.KeyClass(last) {
                let keys = first + Array(example.keys.dropLast()) + [key]
                guard let probe = Checker.lastKey(of: keys, like: example), probe.after.display != probe.before.display else { continue }
                guard budget > 0 else { return }
                budget -= 1
                tried = true
                if try checker.lastKeyDidNothing(keys, like: example, on: adapter) == true,
                   try !growsNowhere(key, after: first + Array(example.keys.dropLast()), like: example, checker: checker, adapter: adapter, budget: &budget) {
                    difference.findings.placeAnyKey = true
                    return
                }
            }
            if tried { return }
        }
        // No other key moneyfield takes there (`0,00 €|` after leaving: a full fraction, nothing to
        // delete forward): outside the amount, where moneyfield's caret never stands, it is the place.
        guard let configuration = try? example.configuration.fieldConfiguration(), let caret = difference.adapterCaretBefore else { return }
        var field = MoneyField(configuration)
        for key in example.keys.dropLast() { do throws(Rejection) { try field.press(key) } catch {} }
        difference.findings.placeAnyKey = Cause.spot(of: caret, in: field, units: CaretUnits(configuration)) == .outside
    }

    /// Whether `key`, which grows moneyfield's display after `keys`, does nothing after Home and
    /// after End too where moneyfield grows it: a display held at a length, not the place
    /// (`1.000|,00 €` at a `maxlength`: a digit does nothing there as everywhere).
    private func growsNowhere(_ key: Key, after keys: [Key], like example: CheckPlan.Session, checker: Checker, adapter: any FieldAdapter,
                              budget: inout Int) throws(Adapter.Failure) -> Bool {
        guard let here = Checker.lastKey(of: keys + [key], like: example), here.after.display.utf16.count > here.before.display.utf16.count
        else { return false }
        var elsewhere = false
        for move: Key in [.home, .end] {
            let moved = keys + [move, key]
            guard let probe = Checker.lastKey(of: moved, like: example), probe.after.display.utf16.count > probe.before.display.utf16.count,
                  budget > 0 else { continue }
            budget -= 1
            guard try checker.lastKeyDidNothing(moved, like: example, on: adapter) == true else { return false }
            elsewhere = true
        }
        return elsewhere
    }
}

/// The last key, refused by moneyfield at a limit and sending the adapter's caret from one place
/// before the end to the end: does it do so from two places away too? A field that rewrites
/// itself after every key, not one that moves its caret as if the key were typed.
struct JumpsToEndProbe: Probe {
    func applies(to example: CheckPlan.Session, _ difference: Checker.Difference) -> Bool {
        guard difference.kind == .caret, difference.step == example.keys.count,
              case .caretMovedOnRefused = Checker.Behaviour(example, difference).cause,
              let configuration = try? example.configuration.fieldConfiguration(), let theirs = difference.adapter.caret else { return false }
        return CaretUnits(configuration).right(of: theirs, in: difference.adapter.display) == 0
    }

    func ask(_ example: inout CheckPlan.Session, _ difference: inout Checker.Difference, checker: Checker, adapter: any FieldAdapter,
             budget: inout Int) throws(Adapter.Failure) {
        guard let last = example.keys.last, let configuration = try? example.configuration.fieldConfiguration() else { return }
        let units = CaretUnits(configuration)
        var probe = example
        probe.keys = Array(example.keys.dropLast()) + [.left, last]
        guard let answers = try? FieldAnswer.reference(for: probe), let before = answers.dropLast().last, let after = answers.last,
              after.rejected == true, let caret = before.caret, units.right(of: caret, in: before.display) == 2 else { return }
        budget -= 1
        guard case .differs(let found) = try checker.play(probe, on: adapter, confirming: false), found.step == probe.keys.count,
              let moved = found.adapter.caret else { return }
        difference.findings.jumpsToEnd = units.right(of: moved, in: found.adapter.display) == 0
    }
}

/// A key right after leaving, the adapter's caret before it unknown (its answer to `<enter>` gave
/// none; focus comes back with the key): where did focus put it? Right in the key's place, leaving
/// the display as it was and the caret outside the amount, shows it there (react-currency-input-field:
/// a click past ` €`, `0,00 €|`), as a caret key that stays outside does after typing.
struct FocusPlaceProbe: Probe {
    func applies(to example: CheckPlan.Session, _ difference: Checker.Difference) -> Bool {
        guard difference.step == example.keys.count, example.keys.count >= 2, example.taps.isEmpty, difference.adapterCaretBefore == nil,
              difference.kind != .value, difference.kind != .rejected, example.keys[example.keys.count - 2] == .enter,
              let last = example.keys.last else { return false }
        return Cause.didNothingKeys.union([.move]).contains(NamedKey.KeyClass(last))
    }

    func ask(_ example: inout CheckPlan.Session, _ difference: inout Checker.Difference, checker: Checker, adapter: any FieldAdapter,
             budget: inout Int) throws(Adapter.Failure) {
        guard budget > 0, let configuration = try? example.configuration.fieldConfiguration() else { return }
        budget -= 1
        var field = MoneyField(configuration)
        guard case .answer = try adapter.ask(.new(configuration)) else { return }
        var shown: FieldAnswer?
        for key in example.keys.dropLast() {
            do throws(Rejection) { try field.press(key) } catch {}
            guard case .answer(let answer) = try adapter.ask(.key(key)) else { return }
            shown = answer
        }
        guard let shown, case .answer(let moved) = try adapter.ask(.key(.right)), moved.display == shown.display,
              let caret = moved.caret else { return }
        difference.findings.focusOutside = Cause.spot(of: caret, in: field, units: CaretUnits(configuration)) == .outside
    }
}
