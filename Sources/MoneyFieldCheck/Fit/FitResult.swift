import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// What `fit` found: the options, how much of the recording agrees under them, the runner-up
/// when close, and the options no session told apart; or why no combination fits.
package struct FitResult: Sendable {
    /// The options the user gave: part of every combination tried, never changed.
    package let pinned: FieldOptions
    package let space: FitSpace
    package let fit: FitSearch.Scored
    /// Steps recorded, and sessions scored.
    package let total: Int
    package let sessions: Int
    /// Sessions that agree throughout under the fit.
    package let agreeingSessions: Int
    /// The best of the fit's neighbours (one option changed) that agrees less, when it is close:
    /// within `closeMargin` of the recording.
    package let runnerUp: FitSearch.Scored?
    /// Options whose other values no session told from the fit's: each with the values, the fit's first.
    package let untold: [(option: String, values: [String])]
    /// Why no combination fits: even the best differs at the first key of most sessions.
    package let noFit: String?

    /// A runner-up is close when it agrees on at most this share of the recording less.
    static let closeMargin = 0.05

    /// Judges a finished search: `best` is the search's answer.
    package init(search: FitSearch, best: FitSearch.Scored, pinned: FieldOptions) {
        self.pinned = pinned
        space = search.space
        fit = best
        total = search.total
        sessions = search.sessionCount
        let agreements = search.agreements(best.candidate)
        agreeingSessions = zip(agreements, search.sessions).filter { $0.0 == $0.1.answers.count }.count
        var runnerUp: FitSearch.Scored?
        var untold: [Int: [Int]] = [:]
        for (position, value, score) in search.neighbours(of: best) {
            var candidate = best.candidate
            candidate[position] = value
            let scored = FitSearch.Scored(candidate: candidate, score: score)
            if score == best.score { untold[position, default: [best.candidate[position]]].append(value) }
            else if search.better(scored, than: runnerUp) { runnerUp = scored }
        }
        if let found = runnerUp, Double(best.score - found.score) > Self.closeMargin * Double(max(search.total, 1)) { runnerUp = nil }
        self.runnerUp = runnerUp
        self.untold = untold.keys.sorted().map { position in
            let dimension = search.space.dimensions[position]
            return (dimension.option.name, untold[position]!.map { dimension.said($0) })
        }
        // Most sessions differing at once (as made or at their first key): nothing fits.
        let early = agreements.indices.filter { agreements[$0] < 2 }
        if search.sessionCount == 0 || early.count * 2 > search.sessionCount {
            let line = Self.line(search.space.words(best.candidate))
            var where_ = ""
            if let first = early.first, let difference = search.firstDifference(best.candidate, session: first) {
                let at = difference.key.map { "at its first key, \(KeyScript.text(for: [$0]))" } ?? "as made"
                where_ = "; session \(first + 1) differs \(at): "
                    + Checker.shownPair(adapter: difference.adapter.shown, moneyfield: difference.moneyfield.shown)
            }
            noFit = "no combination of the options fits: even the best (\(line)) differs as made or at the first key of "
                + "\(early.count) of \(English.count(search.sessionCount, "session"))\(where_)"
        } else {
            noFit = nil
        }
    }

    /// The options found, defaults left out: the line to paste.
    package var words: [String] { space.words(fit.candidate) }
    /// The pinned options with those found: the field `check` plays.
    package var options: FieldOptions { space.options(fit.candidate, pinned: pinned) }
    /// The share of the recording's steps that agree, 0 to 1.
    package var share: Double { total == 0 ? 0 : Double(fit.score) / Double(total) }

    /// `--mode natural --starts-empty`, or what says every option is at its default.
    static func line(_ words: [String]) -> String { words.isEmpty ? "(every option at its default)" : words.joined(separator: " ") }

    /// `97.3%`.
    static func percent(_ share: Double) -> String { (share * 100).fixedPoint(fractionDigits: 1) + "%" }

    /// `check --fit`'s first line.
    package var checkLine: String { "fitted: \(Self.line(words)) (\(Self.percent(share)) of keys agree)" }

    /// The report: the line to paste first, then how much agrees, the runner-up, what no session told apart.
    package var lines: [String] {
        var lines = [Self.line(words)]
        lines.append("agrees: \(Self.percent(share)) of the recording (\(fit.score) of \(total) steps; "
            + "\(agreeingSessions) of \(English.count(sessions, "session")) throughout)")
        if let runnerUp {
            lines.append("runner-up: \(Self.line(space.words(runnerUp.candidate))) (\(Self.percent(Double(runnerUp.score) / Double(max(total, 1)))))")
        }
        for (option, values) in untold { lines.append("no session told apart \(option) \(values.joined(separator: "|"))") }
        return lines
    }

    /// The same for machines: one JSON object.
    package var json: String {
        func list(_ words: [String]) -> String { "[" + words.map(JSON.string).joined(separator: ",") + "]" }
        let runner = runnerUp.map { "{\"options\":\(list(space.words($0.candidate))),\"agreeing\":\($0.score)}" } ?? "null"
        let untold = "[" + self.untold.map { "{\"option\":\(JSON.string($0.option)),\"values\":\(list($0.values))}" }.joined(separator: ",") + "]"
        return "{\"fits\":\(noFit == nil),\"options\":\(list(words)),\"line\":\(JSON.string(words.joined(separator: " "))),"
            + "\"agreeing\":\(fit.score),\"steps\":\(total),\"share\":\(share.fixedPoint(fractionDigits: 4)),"
            + "\"sessions\":\(sessions),\"agreeingSessions\":\(agreeingSessions),\"runnerUp\":\(runner),\"untold\":\(untold),"
            + "\"combinations\":\(space.count)" + (noFit.map { ",\"error\":\(JSON.string($0))" } ?? "") + "}"
    }
}
