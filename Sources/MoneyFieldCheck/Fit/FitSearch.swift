import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import Synchronization

/// `fit`'s search: every combination of the options in `space`, replayed on moneyfield's engine
/// against one recording, scored by the steps that agree before each session's first difference
/// (so a defect that shows late in a session costs only what follows it). The best score wins;
/// a tie goes to the combination with fewer options away from their defaults, then to the
/// table's order (`FitSpace.rank`). `best` prunes; `exhaustive` does not, and a test holds the two equal.
package struct FitSearch: Sendable {
    package let space: FitSpace
    package let caret: CaretComparison
    /// The recording's sessions, in the order they are scored: the probes first, which tell most
    /// combinations apart within a few keys.
    let sessions: [Played]
    /// Each distinct configuration's settings as the engine reads them (its locale canonical).
    let bases: [FieldSettings]
    /// Steps in the recording: the most any combination can score.
    package let total: Int
    /// The sessions as one tree per configuration: sessions that press the same keys and got the
    /// same answers share those steps, replayed once (most combinations differ as made or at the
    /// first keys, which every session shares).
    let tree: [Node]
    /// The roots of each configuration's tree: one per answer the field was made with.
    let roots: [[Int]]

    struct Node: Sendable {
        /// The key pressed to reach it (nil for the field as made), and the answer recorded.
        let key: Key?
        let answer: FieldAnswer
        /// Sessions through it, and their steps from it on (it included).
        var sessions = 0
        var steps = 0
        var children: [Int] = []
    }

    struct Played: Sendable {
        let base: Int
        let keys: [Key]
        let answers: [FieldAnswer]
    }

    /// A combination and its score.
    package struct Scored: Sendable, Equatable {
        package let candidate: FitSpace.Candidate
        package let score: Int
    }

    package init(space: FitSpace, recording: FitRecording, caret: CaretComparison = .slot) {
        self.space = space
        self.caret = caret
        var bases: [FieldSettings] = []
        var played: [Played] = []
        for session in recording.sessions {
            // A configuration moneyfield cannot make was never asked of the adapter (`record` skips it).
            guard let settings = try? session.configuration.fieldConfiguration().settings, !session.answers.isEmpty else { continue }
            if !bases.contains(settings) { bases.append(settings) }
            played.append(Played(base: bases.firstIndex(of: settings)!, keys: session.keys, answers: session.answers))
        }
        self.bases = bases
        sessions = played
        total = played.reduce(0) { $0 + $1.answers.count }
        var tree: [Node] = []
        var roots: [[Int]] = Array(repeating: [], count: bases.count)
        for session in played {
            func step(_ key: Key?, _ answer: FieldAnswer, among siblings: [Int]) -> Int {
                if let found = siblings.first(where: { tree[$0].key == key && tree[$0].answer == answer }) { return found }
                tree.append(Node(key: key, answer: answer))
                return tree.count - 1
            }
            var node = step(nil, session.answers[0], among: roots[session.base])
            if !roots[session.base].contains(node) { roots[session.base].append(node) }
            tree[node].sessions += 1
            tree[node].steps += session.answers.count
            for (index, (key, answer)) in zip(session.keys, session.answers.dropFirst()).enumerated() {
                let child = step(key, answer, among: tree[node].children)
                if !tree[node].children.contains(child) { tree[node].children.append(child) }
                node = child
                tree[node].sessions += 1
                tree[node].steps += session.answers.count - 1 - index
            }
        }
        self.tree = tree
        self.roots = roots
    }

    /// The fields of one combination, made as its sessions need them.
    struct Fields {
        var made: [MoneyField??]
        init(count: Int) { made = Array(repeating: nil, count: count) }
    }

    /// `candidate`'s field for configuration `base`: nil where moneyfield cannot make it.
    func field(_ candidate: FitSpace.Candidate, _ base: Int, _ fields: inout Fields) -> MoneyField? {
        if let made = fields.made[base] { return made }
        let field = (try? FieldConfiguration(space.settings(candidate, on: bases[base]))).map { MoneyField($0) }
        fields.made[base] = .some(field)
        return field
    }

    /// The steps of `session` that agree under `field` before its first difference.
    func agreement(_ session: Played, on field: MoneyField) -> Int {
        var field = field
        let units = CaretUnits(field.configuration)
        guard FieldAnswer(field, rejected: false).difference(from: session.answers[0], caret: caret, units: units) == nil else { return 0 }
        var agreed = 1
        for (key, answer) in zip(session.keys, session.answers.dropFirst()) {
            var rejected = false
            do throws(Rejection) { try field.press(key) } catch { rejected = true }
            guard FieldAnswer(field, rejected: rejected).difference(from: answer, caret: caret, units: units) == nil else { return agreed }
            agreed += 1
        }
        return agreed
    }

    /// Each session's agreement under `candidate` (0 for a field moneyfield cannot make).
    package func agreements(_ candidate: FitSpace.Candidate) -> [Int] {
        var fields = Fields(count: bases.count)
        return sessions.map { session in field(candidate, session.base, &fields).map { agreement(session, on: $0) } ?? 0 }
    }

    /// `candidate`'s score, or nil once it can no longer beat `bar` (a score, and the rank that
    /// wins its tie): the tree walked, a branch left at its first difference.
    package func score(_ candidate: FitSpace.Candidate, beating bar: Scored?) -> Int? {
        var deepest = 0
        return score(candidate, beating: bar, deepest: &deepest)
    }

    /// The same, and the most digits the limit counted in any field the walk made (`deepest`).
    /// `keepingTies`: abandoned only once it cannot reach the bar's score, whatever its rank (so
    /// what a walk given up says holds for every digit limit that replays it alike).
    func score(_ candidate: FitSpace.Candidate, beating bar: Scored?, deepest: inout Int, keepingTies: Bool = false) -> Int? {
        var fields = Fields(count: bases.count)
        var most = 0
        defer { deepest = most }
        var score = 0
        var consumed = 0
        // Whether the combination can still beat the bar (the ranks read once, at the first tie).
        var precedesBar: Bool?
        func alive() -> Bool {
            guard let bar else { return true }
            let most = score + total - consumed
            if most > bar.score { return true }
            guard most == bar.score else { return false }
            if keepingTies { return true }
            if precedesBar == nil { precedesBar = FitSpace.precedes(space.rank(candidate), space.rank(bar.candidate)) }
            return precedesBar!
        }
        // Walks `node` from `field` (the field before its key); false once the combination cannot win.
        func walk(_ index: Int, _ before: MoneyField, _ units: CaretUnits, made: FieldAnswer? = nil) -> Bool {
            let node = tree[index]
            var field = before
            var rejected = false
            if let key = node.key {
                do throws(Rejection) { try field.press(key) } catch { rejected = true }
            }
            most = max(most, field.limitedDigitCount)
            guard (made ?? FieldAnswer(field, rejected: rejected)).difference(from: node.answer, caret: caret, units: units) == nil else {
                consumed += node.steps
                return alive()
            }
            score += node.sessions
            consumed += node.sessions
            for child in node.children where !walk(child, field, units) { return false }
            return true
        }
        for base in bases.indices {
            guard let field = field(candidate, base, &fields) else {
                consumed += roots[base].reduce(0) { $0 + tree[$1].steps }
                if !alive() { return nil }
                continue
            }
            let units = CaretUnits(field.configuration)
            // The field as made answers every root alike.
            let made = FieldAnswer(field, rejected: false)
            for root in roots[base] where !walk(root, field, units, made: made) { return nil }
        }
        return score
    }

    /// `candidate`'s score session by session, nothing shared, nothing pruned: what the tree's walk is held to.
    package func plainScore(_ candidate: FitSpace.Candidate) -> Int { agreements(candidate).reduce(0, +) }

    /// Whether `a` is a better fit than `b`.
    func better(_ a: Scored, than b: Scored?) -> Bool {
        guard let b else { return true }
        return a.score != b.score ? a.score > b.score : FitSpace.precedes(space.rank(a.candidate), space.rank(b.candidate))
    }

    /// Combination `index` of the space, the last option's value changing fastest.
    package func candidate(_ index: Int, skipping skipped: Int? = nil) -> FitSpace.Candidate {
        var rest = index
        var candidate = Array(repeating: 0, count: space.dimensions.count)
        for position in space.dimensions.indices.reversed() where position != skipped {
            let count = space.dimensions[position].values.count
            candidate[position] = rest % count
            rest /= count
        }
        return candidate
    }

    /// Every combination scored in full: the reference the pruned search is held to.
    package func exhaustive() -> Scored {
        var best: Scored?
        for index in 0..<space.count {
            let candidate = candidate(index)
            let scored = Scored(candidate: candidate, score: plainScore(candidate))
            if better(scored, than: best) { best = scored }
        }
        return best ?? Scored(candidate: [], score: 0)
    }

    /// The same answer as `exhaustive`, sooner: a first guess by changing one option at a time
    /// from the defaults, then every combination, each abandoned once it cannot beat the best so
    /// far (score + the steps left < the best's, or equal without winning the tie). `jobs` threads
    /// share the best; the tie rule makes the answer the same for any number.
    package func best(jobs: Int = 1) -> Scored {
        let guess = descend()
        let shared = Mutex(guess)
        let limit = limitPosition
        let limitValues = limit.map { space.dimensions[$0].values.map(\.settings.maxDigits) } ?? [0]
        let highest = limitValues.indices.max { limitValues[$0] < limitValues[$1] } ?? 0
        // The combinations of every other option; each is tried with every limit below.
        let rests = space.count / limitValues.count
        let jobs = max(1, min(jobs, 64))
        let work: @Sendable (Int) -> Void = { job in
            var index = job
            while index < rests {
                defer { index += jobs }
                var rest = candidate(index, skipping: limit)
                if isInert(rest) { continue }
                func offer(_ scored: Scored) { shared.withLock { if better(scored, than: $0) { $0 = scored } } }
                guard let limit else {
                    if let score = score(rest, beating: shared.withLock { $0 }) { offer(Scored(candidate: rest, score: score)) }
                    continue
                }
                // Under the highest limit first: a replay that never counted more than `deepest`
                // digits is the same replay under every limit of `deepest` or more (a key is refused
                // for the limit only where the digits it would make pass it), so its score, or its
                // falling short of the bar's score, holds for each of them.
                rest[limit] = highest
                var deepest = 0
                let top = score(rest, beating: shared.withLock { $0 }, deepest: &deepest, keepingTies: true)
                for (value, digits) in limitValues.enumerated() {
                    rest[limit] = value
                    if digits >= deepest {
                        if let top { offer(Scored(candidate: rest, score: top)) }
                    } else if let score = score(rest, beating: shared.withLock { $0 }) {
                        offer(Scored(candidate: rest, score: score))
                    }
                }
            }
        }
        if jobs == 1 {
            work(0)
        } else {
            let threads = (0..<jobs).map { job in DetachedJob { work(job) } }
            for thread in threads { thread.join() }
        }
        return shared.withLock { $0 }
    }

    /// The digit limit's option, where the shortcut above holds: not with a largest or smallest
    /// amount given, which the limit also bounds.
    var limitPosition: Int? {
        guard bases.allSatisfy({ $0.maximum == nil && $0.minimum == nil }) else { return nil }
        return space.dimensions.firstIndex { $0.option.setting == FieldSetting(\.maxDigits) }
    }

    /// A combination that changes an option of natural entry (its help says "natural mode") in a
    /// field of another mode: the engine reads those options in natural entry only, so it scores
    /// as the same combination with them at their defaults, which wins the tie.
    func isInert(_ candidate: FitSpace.Candidate) -> Bool {
        guard let mode = space.dimensions.firstIndex(where: { $0.option.setting == FieldSetting(\.mode) }),
              space.dimensions[mode].values[candidate[mode]].settings.mode != .natural else { return false }
        return space.dimensions.indices.contains { position in
            candidate[position] != 0 && space.dimensions[position].option.help.hasPrefix("natural mode")
        }
    }

    /// A good first bar (the better it is, the sooner `best` abandons the rest): from every
    /// option at its default, the best single change, until none improves; then the best change
    /// of two options at once (a field as made often needs two to agree at all), and so on again.
    func descend() -> Scored {
        var best = Scored(candidate: Array(repeating: 0, count: space.dimensions.count), score: 0)
        best = Scored(candidate: best.candidate, score: score(best.candidate, beating: nil) ?? 0)
        let changes = space.dimensions.indices.flatMap { position in space.dimensions[position].values.indices.map { (position, $0) } }
        // Tries each change in `moves` from the best so far; whether one improved it.
        func improve(_ moves: [[(Int, Int)]]) -> Bool {
            var improved = false
            for move in moves where best.score < total {
                var candidate = best.candidate
                for (position, value) in move { candidate[position] = value }
                guard candidate != best.candidate, let score = score(candidate, beating: best) else { continue }
                let scored = Scored(candidate: candidate, score: score)
                if better(scored, than: best) {
                    best = scored
                    improved = true
                }
            }
            return improved
        }
        let singles = changes.map { [$0] }
        let pairs = changes.indices.flatMap { first in
            changes[(first + 1)...].filter { $0.0 != changes[first].0 }.map { [changes[first], $0] }
        }
        while improve(singles) || improve(pairs) {}
        return best
    }

    /// The fit's neighbours: each option changed alone, scored in full.
    package func neighbours(of fit: Scored) -> [(position: Int, value: Int, score: Int)] {
        var found: [(Int, Int, Int)] = []
        for position in space.dimensions.indices {
            for value in space.dimensions[position].values.indices where value != fit.candidate[position] {
                var candidate = fit.candidate
                candidate[position] = value
                found.append((position, value, score(candidate, beating: nil) ?? 0))
            }
        }
        return found
    }

    /// Where `candidate` first differs in session `index`: the step (0, the field as made), the
    /// key pressed there, and both answers; nil where it agrees throughout.
    package func firstDifference(_ candidate: FitSpace.Candidate, session index: Int) -> (step: Int, key: Key?, adapter: FieldAnswer, moneyfield: FieldAnswer)? {
        let session = sessions[index]
        var fields = Fields(count: bases.count)
        guard var field = field(candidate, session.base, &fields) else { return nil }
        let units = CaretUnits(field.configuration)
        let made = FieldAnswer(field, rejected: false)
        if made.difference(from: session.answers[0], caret: caret, units: units) != nil { return (0, nil, session.answers[0], made) }
        for (step, (key, answer)) in zip(session.keys, session.answers.dropFirst()).enumerated() {
            var rejected = false
            do throws(Rejection) { try field.press(key) } catch { rejected = true }
            let ours = FieldAnswer(field, rejected: rejected)
            if ours.difference(from: answer, caret: caret, units: units) != nil { return (step + 1, key, answer, ours) }
        }
        return nil
    }

    package var sessionCount: Int { sessions.count }
}

/// A thread of `best`'s search, joined before it returns.
final class DetachedJob: @unchecked Sendable {
    private var thread: pthread_t?

    init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        if pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box) == 0 {
            self.thread = thread
        } else {
            // No thread to be had: the work is done here instead.
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        }
    }

    func join() {
        if let thread { pthread_join(thread, nil) }
    }

    private final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
