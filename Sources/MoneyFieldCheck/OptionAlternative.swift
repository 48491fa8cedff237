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
    static func cause(of session: CheckPlan.Session, step: Int, adapter: FieldAnswer, reference: [FieldAnswer],
                      configuration: FieldConfiguration) -> Cause? {
        guard configuration.mode == .natural, step > 0, step <= session.keys.count else { return nil }
        let keys = Array(session.keys.prefix(step))
        let left = keys.dropLast().contains(.enter)
        let units = CaretUnits(configuration)
        for (options, cause) in candidates(session.configuration.options, configuration, leftBefore: left, key: keys[step - 1]) {
            var alternative = session
            alternative.configuration = CheckPlan.Configuration(options)
            alternative.keys = keys
            guard let answers = try? FieldAnswer.reference(for: alternative), answers.count == step + 1,
                  zip(answers.prefix(step), reference.prefix(step)).allSatisfy({ same($0, $1, units) }),
                  same(answers[step], adapter, units) else { continue }
            return cause
        }
        return nil
    }

    /// Each option changed to each of its other values, with the cause it is.
    private static func candidates(_ options: FieldOptions, _ configuration: FieldConfiguration, leftBefore: Bool,
                                   key: Key) -> [(FieldOptions, Cause)] {
        var candidates: [(FieldOptions, Cause)] = []
        func add<Value: Equatable & Sendable & CaseIterable>(_ path: WritableKeyPath<FieldSettings, Value> & Sendable,
                                                              _ cause: (Value) -> Cause) {
            for value in Value.allCases where value != configuration.settings[keyPath: path] {
                var changed = options
                changed[path] = value
                candidates.append((changed, cause(value)))
            }
        }
        add(\.whileTyping) { .padding(padded: $0 == .pad, .typing) }
        if leftBefore || key == .enter { add(\.onLeave) { .padding(padded: $0 == .pad, .leaving) } }
        if leftBefore { add(\.onFocus) { .padding(padded: $0 == .keep, .returning) } }
        if key == .decimal { add(\.pointAgain) { .pointAgain($0) } }
        return candidates
    }

    /// The same display, and the same caret in units where both have one.
    private static func same(_ one: FieldAnswer, _ other: FieldAnswer, _ units: CaretUnits) -> Bool {
        guard one.display == other.display else { return false }
        guard let a = one.caret, let b = other.caret else { return true }
        return units.right(of: a, in: one.display) == units.right(of: b, in: other.display)
    }
}
