import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

extension Checker {
    /// The fewest keys, then the smallest digits, then the simplest configuration, that still
    /// show the same kind of difference with the same cause on the same key (where the caret
    /// stood and how full the field was may change); then the probes asked (`Probe`).
    /// `probing` false: the shrunk session alone, no probe asked (a test of the shrinker's candidates).
    package func shrink(_ session: CheckPlan.Session, _ difference: Difference, on adapter: any FieldAdapter,
                        probing: Bool = true) throws(Adapter.Failure) -> (CheckPlan.Session, Difference) {
        var budget = shrinkBudget
        // Candidates are keys alone: the taps are played again wherever a caret differs.
        var best = session
        var bestDifference = difference
        best.keys = Array(best.keys.prefix(difference.step))
        best.taps = []
        guard budget > 0 else { return (Self.cut(session, at: difference), bestDifference) }

        // A smaller case must show the same cause on the same key (at its last key when
        // `atEnd`): otherwise shrinking trades the defect found for another, shallower one, and
        // the sessions of its signature (its cause) join a group not theirs. Where the caret
        // stood and how full the field is may change: that is what shrinking takes away.
        let wanted = Behaviour(best, difference)
        let refused = if case .refusedAtLimit(let limit, _) = wanted.cause { limit } else { Behaviour.Limit?.none }
        func kept(_ candidate: CheckPlan.Session, _ found: Difference) -> Bool {
            let behaviour = Behaviour(candidate, found)
            return behaviour == wanted && behaviour.key == wanted.key
        }
        // Candidates already played and found wanting (with `atEnd`, or without): shrinking
        // passes meet some again.
        var wanting = (configuration: best.configuration, keys: Set<[Key]>(), atEnd: Set<[Key]>())
        func stillDiffers(_ candidate: CheckPlan.Session, atEnd: Bool = false) throws(Adapter.Failure) -> Difference? {
            // Only a candidate that presses the wanted key (refused at the wanted limit, for a limit)
            // can show the cause, and only up to the last such key: moneyfield's field tells which
            // without the adapter, so the rest are never played (a browser takes ~20 ms a candidate).
            guard budget > 0, let playing = Self.cut(candidate, reaching: wanted, refused: refused, atEnd: atEnd) else { return nil }
            if playing.configuration != wanting.configuration { wanting = (playing.configuration, [], []) }
            guard !(atEnd ? wanting.atEnd : wanting.keys).contains(playing.keys) else { return nil }
            budget -= 1
            // Past caret differences tapped over, the first that shows the cause.
            let found = try trace(playing, on: adapter, confirming: false).differences.first { found in
                found.kind == difference.kind && (!atEnd || found.step == candidate.keys.count) && kept(playing, found)
            }
            guard let found else {
                if atEnd { wanting.atEnd.insert(playing.keys) } else { wanting.keys.insert(playing.keys) }
                return nil
            }
            return found
        }

        // Removes `width` keys at each place, left to right, moving on by `step` where they must
        // stay (`step` 1 with `width` 2: adjacent pairs at every place, a key and the one that
        // undoes it, `<bs>0`); whether any went.
        func removeRuns(of width: Int, step: Int? = nil) throws(Adapter.Failure) -> Bool {
            var start = 0
            var removed = false
            while start + (step == nil ? 0 : width - 1) < best.keys.count {
                var candidate = best
                candidate.keys.removeSubrange(start..<min(start + width, candidate.keys.count))
                if let found = try stillDiffers(candidate) {
                    candidate.keys = Array(candidate.keys.prefix(found.step))
                    best = candidate
                    bestDifference = found
                    removed = true
                } else {
                    start += step ?? width
                }
            }
            return removed
        }

        // Removes two keys apart (not adjacent) at once, the first pair that still shows it: a
        // digit and the arrow that crossed it (`10000<home><right><right><del>`, Delete beside
        // the group separator, is `1000<home><right><del>`); whether a pair went. Only in a
        // session of `spreadPairLimit` keys or fewer: the pairs grow as its square.
        func removeSpreadPair() throws(Adapter.Failure) -> Bool {
            guard best.keys.count <= Self.spreadPairLimit else { return false }
            for first in best.keys.indices {
                for second in best.keys.indices where second > first + 1 {
                    var candidate = best
                    candidate.keys.remove(at: second)
                    candidate.keys.remove(at: first)
                    if let found = try stillDiffers(candidate) {
                        candidate.keys = Array(candidate.keys.prefix(found.step))
                        best = candidate
                        bestDifference = found
                        return true
                    }
                }
            }
            return false
        }

        func shrinkKeys() throws(Adapter.Failure) {
            // Halves, quarters … down to single keys once; then single keys and adjacent pairs
            // until neither can go, then two keys apart, and again.
            var width = best.keys.count / 2
            while width > 1 {
                _ = try removeRuns(of: width)
                width /= 2
            }
            while true {
                let singles = try removeRuns(of: 1)
                let pairs = try removeRuns(of: 2, step: 1)
                if !singles && !pairs, try !removeSpreadPair() { return }
            }
        }

        // Every digit to one value at once; whether that still shows the difference.
        func allDigits(to value: UInt8) throws(Adapter.Failure) -> Bool {
            var candidate = best
            candidate.keys = candidate.keys.map { if case .digit(let digit) = $0, digit > value { .digit(value) } else { $0 } }
            guard candidate != best, let found = try stillDiffers(candidate, atEnd: true) else { return false }
            best = candidate
            bestDifference = found
            return true
        }

        // All digits to 0, else all to 1; then each to the smallest that shows the same kind.
        func simplifyDigits() throws(Adapter.Failure) {
            if try !allDigits(to: 0) { _ = try allDigits(to: 1) }
            for index in best.keys.indices {
                guard case .digit(let value) = best.keys[index], value > 0 else { continue }
                for smaller in 0..<value {
                    var candidate = best
                    candidate.keys[index] = .digit(smaller)
                    if let found = try stillDiffers(candidate, atEnd: true) {
                        best = candidate
                        bestDifference = found
                        break
                    }
                }
            }
        }

        try shrinkKeys()
        try simplifyDigits()
        // Simpler configurations, simplest first; the first that still disagrees is kept.
        for configuration in best.configuration.simpler {
            var candidate = best
            candidate.configuration = configuration
            if let found = try stillDiffers(candidate, atEnd: true) {
                best = candidate
                bestDifference = found
                try shrinkKeys()
                try simplifyDigits()
                break
            }
        }
        // The adapter asked what the cause needs that one session cannot show (`Probe`), on a
        // budget of their own: a long shrink must not leave the cause unasked.
        var probeBudget = Self.probeBudget
        if probing, shrinkBudget > 0 { (best, bestDifference) = try probed(best, bestDifference, on: adapter, budget: &probeBudget) }
        return (Self.cut(best, at: bestDifference), bestDifference)
    }

    /// `candidate` up to its last press of `behaviour`'s key, refused there at the limit
    /// `refused` if one is given; nil when there is none (when `atEnd`: unless its last key is
    /// one). The field as made (no key) needs none.
    static func cut(_ candidate: CheckPlan.Session, reaching behaviour: Behaviour, refused: Behaviour.Limit?, atEnd: Bool) -> CheckPlan.Session? {
        guard let key = behaviour.key, let configuration = try? candidate.configuration.fieldConfiguration() else { return candidate }
        var field = MoneyField(configuration)
        var last: Int?
        for (index, pressed) in candidate.keys.enumerated() {
            if CheckPlan.Steer.anyDigit(pressed) == key, refused == nil || Behaviour.limit(refusing: pressed, in: field) == refused {
                last = index
            }
            do throws(Rejection) { try field.press(pressed) } catch {}
        }
        guard let last, !atEnd || last == candidate.keys.count - 1 else { return nil }
        var cut = candidate
        cut.keys = Array(candidate.keys.prefix(last + 1))
        return cut
    }
}
