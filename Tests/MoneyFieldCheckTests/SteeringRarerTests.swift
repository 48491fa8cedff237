import Foundation
@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import Testing

/// A natural en_US field with two causes, the second reached only through the first one's key:
/// leaving it (Enter) strips the fraction's trailing zeros (`$1.50` → `$1.5`), and when focus
/// comes back it selects its whole text, so the first digit replaces the amount (`$1.25`
/// leave, `7` → `$7`). A session ends at its first difference, so only a leave the first cause
/// does not show on (a fraction ending in a non-zero digit) leads to the second.
final class StripThenSelectAll: FieldAdapter {
    private var field: MoneyField?
    private var left = false
    private(set) var replies = 0
    var takes: Set<OptionalRequest> { [] }

    func ask(_ request: AdapterRequest) throws(Adapter.Failure) -> Adapter.Reply {
        replies += 1
        switch request {
        case .new(let configuration):
            field = MoneyField(configuration)
            left = false
            return .answer(FieldAnswer(field!, rejected: false))
        case .key(let key):
            guard var after = field else { throw .broke(request: request.line, problem: .unasked("no field"), stderr: "") }
            let focusCameBack = left
            left = key == .enter
            if focusCameBack, case .digit = key {
                // Everything selected: the digit replaces the amount.
                var replaced = MoneyField(after.configuration)
                try? replaced.press(key)
                field = replaced
                return .answer(FieldAnswer(replaced, rejected: false))
            }
            var rejected = false
            do throws(Rejection) { try after.press(key) } catch { rejected = true }
            field = after
            if key == .enter, after.display.contains(".") {
                var display = after.display
                while display.last == "0" { display.removeLast() }
                if display.last == "." { display.removeLast() }
                if display != after.display {
                    return .answer(FieldAnswer(display: display, caret: display.utf16.count, value: after.value, rejected: rejected))
                }
            }
            return .answer(FieldAnswer(after, rejected: rejected))
        case .tap, .quit:
            return .unsupported
        }
    }

    func stop() {}
}

/// Issue 51 §3, SPEC §4 "one defect does not hide the others": a full group's key in its
/// situation is made rarer, never unreachable.
@Suite struct SteeringRarerTests {
    /// `check --mode natural --locale en_US` with every other option at its default: 100
    /// sessions of 40 keys, seed 1, `--max-hits 20`, the natural keys.
    static func defaultRun(jobs: Int = 1) throws -> CheckRun {
        let configurations = try CheckPlan.configurations(for: try FieldOptions(parsing: ["--mode", "natural", "--locale", "en_US"]))
        let plan = CheckPlan(configurations: configurations, keys: CheckPlan.defaultKeys(for: .natural), sessions: 100, steps: 40, seed: 1)
        var run = CheckRun(checker: Checker(plan: plan))
        run.jobs = jobs
        #expect(run.maxHits == 20)
        return run
    }

    /// The groups whose example ends with Enter (the strip), and those ending Enter, then a digit
    /// (the amount replaced).
    static func causes(_ summary: CheckRun.Summary) -> (strips: [CheckRun.Group], replaces: [CheckRun.Group]) {
        let strips = summary.groups.filter { $0.example.keys.last == .enter }
        let replaces = summary.groups.filter { group in
            let keys = group.example.keys
            guard keys.count >= 2, case .digit = keys[keys.count - 1] else { return false }
            return keys[keys.count - 2] == .enter
        }
        return (strips, replaces)
    }

    /// Both causes are found in a default run: the leave that strips zeros, and the digit that
    /// replaces the amount once focus came back (a group whose example ends Enter, then a digit).
    /// (Measured over seeds 1–30 of this run: found in 25; the stripping group fills within the
    /// first epoch, where steering starts, in few of them, so the run-level difference is small:
    /// with `--max-hits 5`, sessions after the first epoch found the second cause in 6 runs (7
    /// sessions) against 3 (3) when the key was never kept. `aSteeredKeyIsRarerNeverUnreachable`
    /// holds the mechanism itself.)
    @Test func aCauseReachedOnlyThroughAFullGroupsKeyIsFound() throws {
        let run = try Self.defaultRun()
        let summary = run.run { StripThenSelectAll() }
        let examples = summary.groups.map { Checker.keysText($0.example.keys, taps: $0.example.taps) + " (\($0.sessions.count))" }
        let (strips, replaces) = Self.causes(summary)
        #expect(!strips.isEmpty, "\(examples)")
        #expect(!replaces.isEmpty, "\(examples)")
        // The stripping group is full: a longer run steers around its key, making it rarer.
        let strip = try #require(strips.first)
        #expect(strip.sessions.count >= run.maxHits, "\(strip.sessions)")
        // And the same report for any number of jobs: steering is decided per epoch.
        let three = try Self.defaultRun(jobs: 3)
        #expect(CheckRecord(run: three, summary: three.run { StripThenSelectAll() }, adapter: "planted").json
                == CheckRecord(run: run, summary: summary, adapter: "planted").json)
    }

    /// A steered key is rarer in its situation, not gone: over many sessions steered around
    /// Enter wherever it stands, Enter is still pressed, about one time in `steeredRarity` as
    /// often as unsteered; the sessions stay a function of (seed, index, avoiding).
    @Test func aSteeredKeyIsRarerNeverUnreachable() throws {
        let configuration = CheckPlan.Configuration(locale: "en_US", currency: "USD", mode: .natural)
        let plan = CheckPlan(configurations: [configuration], keys: CheckPlan.defaultKeys(for: .natural), sessions: 400, steps: 40, seed: 1)
        let avoided = Set(CheckPlan.Steer.everySituation { _ in true }.map { CheckPlan.Steer(key: .enter, situation: $0) })
        func presses(avoiding: Set<CheckPlan.Steer>) -> Int {
            var count = 0
            for index in 0..<plan.sessionCount {
                let session = plan.session(index, avoiding: avoiding)
                var field = MoneyField(try! configuration.fieldConfiguration())
                for key in session.keys {
                    if avoided.contains(CheckPlan.Steer(key: key, situation: Situation(field))) { count += 1 }
                    do throws(Rejection) { try field.press(key) } catch {}
                }
            }
            return count
        }
        let unsteered = presses(avoiding: [])
        let steered = presses(avoiding: avoided)
        #expect(steered > 0 && steered * 2 < unsteered, "\(steered) of \(unsteered)")
        #expect(plan.session(7, avoiding: avoided) == plan.session(7, avoiding: avoided))
    }
}
