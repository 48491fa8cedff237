import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell

/// A field option the adapter behaves as if set otherwise (SPEC §1 "Focus", `--point-again`):
/// web inputs differ there, each reasonably, so an adapter that answers exactly as moneyfield
/// with one such option changed would is that option's cause, whatever key showed it (focus
/// coming back that trims a fraction is one script, not one per key typed after it).
enum OptionAlternative {
    /// The cause when `adapter`, the answer at `step`, is what moneyfield configured with one
    /// natural-entry option changed answers there, and that field answered as moneyfield did
    /// at every step before it; nil otherwise.
    /// `tapped`: check tapped the adapter's caret back after an earlier caret difference (SPEC §4
    /// `tap`), so the changed field is tapped back the same way where only its caret differs.
    static func cause(of session: CheckPlan.Session, step: Int, adapter: FieldAnswer, reference: [FieldAnswer],
                      configuration: FieldConfiguration, tapped: Bool = false) -> Cause? {
        guard configuration.mode == .natural, step > 0, step <= session.keys.count else { return nil }
        let keys = Array(session.keys.prefix(step))
        // Leaving and coming back are judged from the last `<enter>` on: a field may pad or trim
        // one way where the other options agree (the zoo trims only a fraction typed in full).
        let lastLeaving = keys.lastIndex(of: .enter)
        let units = CaretUnits(configuration)
        for (options, cause, fromLeaving) in candidates(session.configuration.options, configuration, leaving: lastLeaving != nil,
                                                        key: keys[step - 1]) {
            guard let changed = try? CheckPlan.Configuration(options).fieldConfiguration() else { continue }
            let start = fromLeaving ? lastLeaving ?? 0 : 0
            var field = MoneyField(configuration)
            for key in keys.prefix(start) { do throws(Rejection) { try field.press(key) } catch {} }
            var alternative = start == 0 ? MoneyField(changed) : MoneyField(changed, state: field.state)
            var agrees = start > 0 || same(FieldAnswer(alternative, rejected: false), reference[0], units)
            for index in start..<step where agrees {
                var rejected = false
                do throws(Rejection) { try alternative.press(keys[index]) } catch { rejected = true }
                let answer = FieldAnswer(alternative, rejected: rejected)
                if index + 1 == step {
                    agrees = same(answer, adapter, units)
                } else if tapped, answer.display == reference[index + 1].display, let caret = reference[index + 1].caret {
                    do throws(FieldError) { try alternative.tap(atUTF16Offset: caret) } catch { agrees = false }
                } else {
                    agrees = same(answer, reference[index + 1], units)
                }
            }
            if agrees { return cause }
        }
        return nil
    }

    /// Each option changed to each of its other values, with the cause it is and whether it is
    /// judged from the last `<enter>` on.
    private static func candidates(_ options: FieldOptions, _ configuration: FieldConfiguration, leaving: Bool,
                                   key: Key) -> [(FieldOptions, Cause, fromLeaving: Bool)] {
        var candidates: [(FieldOptions, Cause, fromLeaving: Bool)] = []
        func add<Value: Equatable & Sendable & CaseIterable>(_ path: WritableKeyPath<FieldSettings, Value> & Sendable,
                                                              fromLeaving: Bool, _ cause: (Value) -> Cause) {
            for value in Value.allCases where value != configuration.settings[keyPath: path] {
                var changed = options
                changed[path] = value
                candidates.append((changed, cause(value), fromLeaving))
            }
        }
        add(\.whileTyping, fromLeaving: false) { .padding(padded: $0 == .pad, .typing) }
        if leaving { add(\.onLeave, fromLeaving: true) { .padding(padded: $0 == .pad, .leaving) } }
        if leaving { add(\.onFocus, fromLeaving: true) { .padding(padded: $0 == .keep, .returning) } }
        if key == .decimal { add(\.pointAgain, fromLeaving: false) { _ in .pointAgain } }
        return candidates
    }

    /// The same display, refusal where both say, and caret in units where both have one.
    private static func same(_ one: FieldAnswer, _ other: FieldAnswer, _ units: CaretUnits) -> Bool {
        guard one.display == other.display, one.rejected == nil || other.rejected == nil || one.rejected == other.rejected else { return false }
        guard let a = one.caret, let b = other.caret else { return true }
        return units.right(of: a, in: one.display) == units.right(of: b, in: other.display)
    }
}
