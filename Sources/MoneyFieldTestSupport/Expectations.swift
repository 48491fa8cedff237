import MoneyFieldEngine
import MoneyFieldShell
import Testing
@_spi(Tools) import MoneyFieldIO
import MoneyFieldScripts

/// Expects the field's display with its caret to be `expected` (`"$12|.45"`); a mismatch is
/// reported with invisible characters escaped.
package func expectMarked(_ field: MoneyField, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = field.marked
    #expect(actual == expected, "\(VisibleText.escaped(actual)) is not \(VisibleText.escaped(expected))",
            sourceLocation: sourceLocation)
}

/// Expects the field to agree with SPEC §1 in every respect `FieldReference.problems` checks.
package func expectConsistent(_ field: MoneyField, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = FieldReference.problems(in: field)
    #expect(problems.isEmpty, "\(comment.map { "\($0): " } ?? "")\(problems.joined(separator: "; "))",
            sourceLocation: sourceLocation)
}

/// Types `script` into `field`, expecting every key to be taken.
package func typeAccepted(_ script: String, into field: inout MoneyField, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        let refused = try type(script, into: &field)
        #expect(refused.isEmpty, "refused while typing \(script): \(refused)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("bad key script \(script): \(error)", sourceLocation: sourceLocation)
    }
}

/// Presses `key` on `field`: taken, it shows `after` (`"$12.|5"`); with `after` nil, it is refused
/// with `refusal` and the field is as it was.
package func expectPress(_ key: Key, on field: inout MoneyField, gives after: String?, orRefuses refusal: Rejection,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    let before = field
    guard let after else {
        #expect(throws: refusal, sourceLocation: sourceLocation) { try field.press(key) }
        #expect(field == before, sourceLocation: sourceLocation)
        return
    }
    do throws(Rejection) {
        try field.press(key)
        expectMarked(field, after, sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(key) refused (\(error)) where \(after) was expected", sourceLocation: sourceLocation)
    }
}
