import Foundation
@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
import Testing

/// The zoo's natural field whose Left skips the typed point (`$0.1|` Left → `$0|.1`,
/// left-skips-point) and whose Delete before the point, once a Left has skipped it, keeps a zero
/// integer as a leading zero (`$0|.1` → `$01`, zero-kept-behind-skip): the second defect lies
/// only behind the first.
func behindLeftSkip(answersTap: Bool) -> ZooAdapter { ZooAdapter([.leftSkipsPoint, .zeroKeptBehindSkip], answersTap: answersTap) }

@Suite struct TapTests {
    static let natural = CheckPlan.Configuration(locale: "en_US", currency: "USD", mode: .natural)

    /// Past the caret difference of `<left>` the adapter's caret is tapped to moneyfield's and the
    /// session goes on to the Delete; without tap it ends at the first difference, as before.
    @Test func aCaretDifferenceIsTappedOverAndTheSessionGoesOn() throws {
        let checker = Checker(plan: plan(1, configurations: [Self.natural]))
        let session = CheckPlan.Session(configuration: Self.natural, keys: try keys("<dec>1<left><left><del>"))
        let tapping = try checker.trace(session, on: behindLeftSkip(answersTap: true))
        #expect(tapping.differences.map(\.kind) == [.caret, .display])
        #expect(tapping.differences.map(\.step) == [3, 5] && tapping.keysPlayed == 5)
        #expect(tapping.differences.last?.taps == [CheckPlan.Tap(afterKeys: 3, offset: 3)])
        #expect(tapping.differences.last?.adapter.shown == "$0|1", "\(tapping.differences.map(\.adapter.shown))")
        #expect(tapping.outcome == .differs(tapping.differences[0]))
        let ending = try checker.trace(session, on: behindLeftSkip(answersTap: false))
        #expect(ending.differences.map(\.kind) == [.caret] && ending.keysPlayed == 3)
    }

    /// The defect behind the caret defect is a group of its own only where the adapter answers
    /// tap; its script places the caret with `caret N`, and plays on an adapter that taps (on
    /// one that cannot, it is unsupported, not a pass).
    @Test func aDefectBehindACaretDefectIsFoundOnlyWithTap() throws {
        let run = CheckRun(checker: Checker(plan: plan(1000, steps: 30, keys: try keys("0123456789<dec><left><del>"), seed: 1,
                                                       configurations: [Self.natural])))
        let tapping = run.run { behindLeftSkip(answersTap: true) }
        let ending = run.run { behindLeftSkip(answersTap: false) }
        #expect(ending.groups.map(\.difference.kind) == [.caret], "\(ending.groups.map(\.behaviour.words))")
        let behind = tapping.groups.filter { $0.difference.kind == .display }
        #expect(!behind.isEmpty, "\(tapping.groups.map(\.behaviour.words))")
        #expect(Set(ending.groups.map(\.behaviour)).isSubset(of: Set(tapping.groups.map(\.behaviour))))
        let record = CheckRecord(run: run, summary: tapping, adapter: "behind")
        for group in behind {
            #expect(!group.example.taps.isEmpty, "\(Checker.line(example: group.example, difference: group.difference))")
            let script = try record.script(number: try #require(record.groups.firstIndex { $0.behaviour == group.behaviour.code }) + 1)
            #expect(script.contains("\n> caret \(group.example.taps[0].offset)\n"), "\(script)")
            let replayed = try run.checker.trace(group.example, on: behindLeftSkip(answersTap: true))
            #expect(replayed.differences.last?.kind == .display && replayed.differences.last?.step == group.example.keys.count)
            guard case .unsupported = try run.checker.play(group.example, on: behindLeftSkip(answersTap: false)) else {
                Issue.record("a script with a tap played on an adapter that cannot tap")
                continue
            }
        }
    }

    /// A script's `caret N` is a tap between its keys; `--replay` plays it on both sides.
    @Test func replayReadsCaretAsATap() throws {
        let transcript = try Transcript(parsing: "> new f --mode natural\n> type <dec>12\n> caret 3\n> type <del>\n", path: "tap.session")
        let sessions = try Replay.sessions(in: transcript)
        #expect(sessions.count == 1 && sessions[0].taps == [CheckPlan.Tap(afterKeys: 3, offset: 3)])
        let checker = Checker(plan: plan(1, configurations: [Self.natural]))
        let trace = try checker.trace(sessions[0], on: ZooAdapter([]))
        #expect(trace.outcome == .agrees && trace.keysPlayed == 4)
    }

    /// `moneyfield adapter` answers tap with the field after it (its id echoed), or refuses it
    /// with --no-tap; `{"unsupported":true}` answers a tap, never a key.
    @Test func theReferenceAdapterAnswersTap() {
        var adapter = ReferenceAdapter()
        let ask = { (line: String) in adapter.reply(to: Array(line.utf8)) }
        _ = ask("{\"op\":\"new\",\"locale\":\"en_US\",\"currency\":\"USD\",\"mode\":\"atm\"}")
        _ = ask("{\"op\":\"key\",\"key\":\"7\"}")
        #expect(ask("{\"op\":\"tap\",\"caret\":4,\"id\":2}") == "{\"display\":\"$0.07\",\"caret\":4,\"value\":\"0.07\",\"rejected\":false,\"id\":2}")
        #expect(ask("{\"op\":\"tap\",\"caret\":9}")?.contains("error") == true, "an offset outside the display")
        var refusing = ReferenceAdapter(answersTap: false)
        _ = refusing.reply(to: Array("{\"op\":\"new\"}".utf8))
        #expect(refusing.reply(to: Array("{\"op\":\"tap\",\"caret\":1}".utf8)) == "{\"unsupported\":true}")
        let unsupported = ArraySlice("{\"unsupported\":true}".utf8)
        #expect(Adapter.reply(unsupported, answering: .tap(1)) == .success(.unsupported))
        guard case .failure(.unsupportedKey) = Adapter.reply(unsupported, answering: .key(.left)) else {
            Issue.record("a key answered unsupported is not a reply")
            return
        }
        #expect(AdapterRequest.tap(4).line == "{\"op\":\"tap\",\"caret\":4}")
    }
}

/// SPEC §4: what the user gave on the command line is the field's, and the report counts what
/// was played.
@Suite struct WhatTheUserGaveTests {
    /// Delete ignored wherever: shows in every locale, so a shrinker free to change the locale
    /// would write en_US.
    static let deleteIgnored: PlantedAdapter.Defect = { before, key, after in
        key == .delete && after.display != before.display ? FieldAnswer(before, rejected: false) : nil
    }

    @Test(arguments: ["de_DE", "ja_JP"])
    func aLocaleGivenIsNeverSimplifiedAndTheNameSaysTheField(_ locale: String) throws {
        let configurations = try CheckPlan.configurations(for: try FieldOptions(parsing: ["--locale", locale]))
        let currency = locale == "de_DE" ? "EUR" : "JPY"
        #expect(configurations.map(\.currency) == [currency])
        let run = CheckRun(checker: Checker(plan: plan(100, steps: 20, keys: try keys("1234<del><left>"), configurations: configurations)))
        let summary = run.run { PlantedAdapter(defect: Self.deleteIgnored) }
        let group = try #require(summary.groups.first)
        #expect(group.example.configuration.options[\.locale] == locale && group.example.configuration.options[\.currency] == nil)
        #expect(Checker.line(example: group.example, difference: group.difference).hasPrefix("disagreement: \(locale)/\(currency) "))
        let record = CheckRecord(run: run, summary: summary, adapter: "any")
        // A Delete doing nothing is one script per place (among the digits, beside a separator).
        #expect(!record.files.isEmpty && record.files.allSatisfy { $0.hasSuffix("-display-\(locale)-\(currency).session") }, "\(record.files)")
        #expect(try record.script(number: 1).contains("\n> new field --locale \(locale)\n"))
    }

    /// Without --locale check chooses the hard cases' locales (so may simplify them), but a
    /// currency given stays.
    @Test func aCurrencyGivenStaysWhileTheLocaleMayBeSimplified() throws {
        let configurations = try CheckPlan.configurations(for: try FieldOptions(parsing: ["--currency", "EUR"]))
        let german = try #require(configurations.first { $0.locale == "de_DE" })
        let checker = Checker(plan: plan(1, configurations: [german]))
        let adapter = PlantedAdapter(defect: Self.deleteIgnored)
        let session = CheckPlan.Session(configuration: german, keys: try keys("12<left><del>"))
        guard case .differs(let difference) = try checker.play(session, on: adapter) else { Issue.record("no difference"); return }
        let (best, _) = try checker.shrink(session, difference, on: adapter)
        #expect(best.configuration.locale == "en_US" && best.configuration.currency == "EUR", "\(best.configuration.options.words)")
    }

    /// Keys after a session's last difference were never played: they are not counted.
    @Test func onlyTheKeysPlayedAreCounted() throws {
        let run = CheckRun(checker: Checker(plan: plan(64, steps: 20, keys: try keys("1234<del><left>"))))
        var played = 0
        let summary = run.run { PlantedAdapter(defect: Self.deleteIgnored) }
        // Each session again, alone: up to its first difference (the one written may be shrunk).
        for result in summary.results {
            switch try run.checker.play(result.session, on: PlantedAdapter(defect: Self.deleteIgnored)) {
            case .agrees: played += result.session.keys.count
            case .differs(let difference): played += difference.step
            case .unsupported: break
            }
        }
        #expect(summary.disagreements > 0 && summary.keys == played && summary.keys < 64 * 20, "\(summary.keys) of \(64 * 20)")
    }
}
