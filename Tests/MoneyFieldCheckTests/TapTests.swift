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

/// An adapter that answers tap (the zoo's) but whose reply to `new` does not list it: one written
/// before tap, as far as `check` can tell. Counts the taps it is sent.
final class UnlistedTap: FieldAdapter {
    let inner: ZooAdapter
    private(set) var taps = 0
    init(_ inner: ZooAdapter) { self.inner = inner }
    var replies: Int { inner.replies }
    var takes: Set<OptionalRequest> { [] }
    func ask(_ request: AdapterRequest) throws(Adapter.Failure) -> Adapter.Reply {
        if case .tap = request { taps += 1 }
        return try inner.ask(request)
    }
    func stop() {}
}

/// Issue 51 §5, SPEC §4 "optional requests are offered, never imposed": `tap` goes only to an
/// adapter whose reply to `new` lists it in `"takes"`, read strictly.
@Suite struct TakesTests {
    /// `"takes"` read from a reply to `new`: a list of names, unknown ones passed over; not a
    /// list of strings, the adapter is broken and the reply named; on a key's reply it lists nothing.
    @Test func takesIsReadStrictlyFromTheReplyToNew() throws {
        let new = AdapterRequest.new(try FieldConfiguration { _ in })
        func decoded(_ line: String, _ request: AdapterRequest) -> Result<(Adapter.Reply, Set<OptionalRequest>), Adapter.Problem> {
            Adapter.decoded(ArraySlice(line.utf8), answering: request)
        }
        guard case .success(let (reply, takes)) = decoded("{\"display\":\"$0.00\",\"caret\":5,\"takes\":[\"tap\",\"hover\"]}", new) else {
            Issue.record("a reply listing tap and a request of a later protocol")
            return
        }
        #expect(reply == .answer(FieldAnswer(display: "$0.00", caret: 5)) && takes == [.tap])
        guard case .success(let (_, none)) = decoded("{\"display\":\"$0.00\",\"caret\":5}", new),
              case .success(let (_, empty)) = decoded("{\"display\":\"$0.00\",\"caret\":5,\"takes\":[]}", new),
              case .success(let (_, onKey)) = decoded("{\"display\":\"$0.07\",\"caret\":5,\"takes\":[\"tap\"]}", .key(.digit(7))) else {
            Issue.record("replies without takes, or takes on a key's reply")
            return
        }
        #expect(none.isEmpty && empty.isEmpty && onKey.isEmpty)
        for wrong in ["\"tap\"", "[\"tap\",5]", "{\"tap\":true}", "true"] {
            let line = "{\"display\":\"$0.00\",\"caret\":5,\"takes\":\(wrong)}"
            guard case .failure(.notAReply(let quoted, let why)) = decoded(line, new) else {
                Issue.record("\(wrong) taken for a list of names")
                continue
            }
            #expect(why == "has a \"takes\" that is not a list of request names ([\"tap\"])" && quoted.contains("takes"), "\(why) \(quoted)")
        }
        // What the reference adapter writes: tap listed, or with --no-tap nothing.
        var reference = ReferenceAdapter()
        #expect(reference.reply(to: Array("{\"op\":\"new\",\"locale\":\"en_US\"}".utf8)) == "{\"display\":\"$0.00\",\"caret\":5,\"value\":\"0.00\",\"rejected\":false,\"takes\":[\"tap\"]}")
        var refusing = ReferenceAdapter(answersTap: false)
        #expect(refusing.reply(to: Array("{\"op\":\"new\",\"locale\":\"en_US\"}".utf8)) == "{\"display\":\"$0.00\",\"caret\":5,\"value\":\"0.00\",\"rejected\":false}")
    }

    /// An adapter that does not list tap is never sent one, even one that would answer it: its
    /// session ends at its first difference; a script that taps is unsupported there, saying why.
    @Test func anAdapterThatDoesNotListTapIsNeverSentOne() throws {
        let checker = Checker(plan: plan(1, configurations: [TapTests.natural]))
        let session = CheckPlan.Session(configuration: TapTests.natural, keys: try keys("<dec>1<left><left><del>"))
        let unlisted = UnlistedTap(behindLeftSkip(answersTap: true))
        let ending = try checker.trace(session, on: unlisted)
        #expect(ending.differences.map(\.kind) == [.caret] && ending.keysPlayed == 3 && unlisted.taps == 0)
        var tapping = session
        tapping.keys = try keys("<dec>12")
        tapping.taps = [CheckPlan.Tap(afterKeys: 3, offset: 3)]
        let script = try checker.trace(tapping, on: unlisted)
        #expect(script.outcome == .unsupported(request: "caret 3 (the adapter's reply to new does not list \"takes\":[\"tap\"])"))
        #expect(unlisted.taps == 0)
        // The zoo itself lists it, and is tapped past the difference.
        let listed = behindLeftSkip(answersTap: true)
        #expect(try checker.trace(session, on: listed).keysPlayed == 5 && listed.takes == [.tap])
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
