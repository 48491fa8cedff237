import Foundation
import MoneyFieldEngine

/// Picks the closest known names to a mistyped one, for "did you mean …?" messages: the shell's
/// (the engine reports an unknown name with the catalog's candidates and ranks nothing).
package enum Suggestions {
    /// Up to `limit` candidates, nearest first, close enough to look like a typo of `input`.
    package static func closest(to input: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let needle = Array(input.lowercased().unicodeScalars)
        let allowed = max(1, needle.count / 3)
        var scored: [(distance: Int, sharedPrefix: Int, slip: Int, name: String)] = []
        for candidate in candidates {
            let hay = Array(candidate.lowercased().unicodeScalars)
            var distance = editDistance(needle, hay, cutoff: allowed)
            // The start of a name, three letters or more (`--loc` for `--locale`): as near as one slip.
            if distance > allowed, needle.filter({ $0 != "-" }).count >= 3, hay.starts(with: needle) { distance = allowed }
            guard distance <= allowed else { continue }
            // Among equally near names, the one that starts like the input is the likelier typo.
            let sharedPrefix = zip(needle, hay).prefix { $0 == $1 }.count
            // …and a neighbouring key on the keyboard (en_UX for en_US) the likeliest slip.
            let slip = sharedPrefix < min(needle.count, hay.count)
                && isKeyboardNeighbour(needle[sharedPrefix], hay[sharedPrefix]) ? 0 : 1
            scored.append((distance, sharedPrefix, slip, candidate))
        }
        scored.sort {
            ($0.distance, -$0.sharedPrefix, $0.slip, $0.name) < ($1.distance, -$1.sharedPrefix, $1.slip, $1.name)
        }
        return scored.prefix(limit).map(\.name)
    }

    /// Edit distance counting a swap of neighbours as one edit (`tpye` is one from `type`);
    /// gives up early once every path exceeds `cutoff`.
    static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar], cutoff: Int) -> Int {
        if abs(lhs.count - rhs.count) > cutoff { return cutoff + 1 }
        if lhs.isEmpty || rhs.isEmpty { return max(lhs.count, rhs.count) }
        var beforePrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                var best = min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    best = min(best, beforePrevious[j - 2] + 1)
                }
                current[j] = best
                rowMinimum = min(rowMinimum, best)
            }
            if rowMinimum > cutoff { return cutoff + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[rhs.count]
    }

    private static let keyboardRows: [[Unicode.Scalar]] = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"]
        .map { Array($0.unicodeScalars) }

    /// Whether two keys touch on a QWERTY keyboard (same row or the row above or below).
    static func isKeyboardNeighbour(_ lhs: Unicode.Scalar, _ rhs: Unicode.Scalar) -> Bool {
        func position(_ key: Unicode.Scalar) -> (row: Int, column: Int)? {
            for (row, keys) in keyboardRows.enumerated() {
                if let column = keys.firstIndex(of: key) { return (row, column) }
            }
            return nil
        }
        guard let a = position(lhs), let b = position(rhs) else { return false }
        return abs(a.row - b.row) <= 1 && abs(a.column - b.column) <= 1 && (a.row, a.column) != (b.row, b.column)
    }

    /// "; did you mean X or Y?" or "" when nothing is close.
    package static func didYouMean(_ names: [String]) -> String {
        switch names.count {
        case 0: ""
        case 1: "; did you mean \(names[0])?"
        default: "; did you mean \(names.dropLast().joined(separator: ", ")) or \(names.last!)?"
        }
    }

    /// Listed locales an unknown identifier may mean: the nearest spellings among its language's
    /// locales (the shortest three when none is near), else among all.
    package static func locales(near candidates: LocaleCandidates) -> [String] {
        switch candidates {
        case .none: []
        case .exactly(let identifier): [identifier]
        case .sameLanguage(let typed, let locales):
            closest(to: typed, in: locales).nonEmpty ?? Array(locales.sorted { $0.count < $1.count }.prefix(3))
        case .anyLanguage(let typed):
            // A language's name (`french`) is a word, not a typo of an identifier: it means fr_FR,
            // though fr_CH is two edits from it.
            named(typed).nonEmpty ?? closest(to: typed, in: LocaleCatalog.identifiers)
        }
    }

    /// Locales whose English name has `typed` as a word (`german` → de_DE, de_AT, de_CH), as
    /// `locales FILTER` finds them: the language's likely region first, then other regions.
    static func named(_ typed: String) -> [String] {
        let word = typed.lowercased()
        guard word.count >= 3, word.allSatisfy(\.isLetter) else { return [] }
        let english = Locale(identifier: "en")
        let found = LocaleCatalog.identifiers.filter { identifier in
            (english.localizedString(forIdentifier: identifier) ?? "").lowercased()
                .split(whereSeparator: { !$0.isLetter }).contains { $0.hasPrefix(word) }
        }
        // The region ICU's likely subtags give the language first (fr → fr_FR, en → en_US,
        // zh → zh_Hans_CN), then other regions, then the bare language.
        func rank(_ identifier: String) -> Int {
            let language = Locale.Language(identifier: identifier)
            guard language.region != nil else { return 2 }
            let bare = Locale.Language(identifier: language.languageCode?.identifier ?? identifier)
            return language.maximalIdentifier == bare.maximalIdentifier ? 0 : 1
        }
        return Array(found.map { (rank: rank($0), name: $0) }
            .sorted { ($0.rank, $0.name.count, $0.name) < ($1.rank, $1.name.count, $1.name) }.prefix(3).map(\.name))
    }

    /// Systems a mistyped one may mean: one whose identifier begins the input or the input
    /// begins (`devanagari` → `deva`, `ara` → `arab`), then the nearest spellings.
    package static func numberingSystems(near input: String) -> [String] {
        let typed = input.lowercased()
        let systems = LocaleCatalog.numberingSystems
        let byName = systems.filter { system in
            system.count >= 3 && typed.count >= 3 && (typed.hasPrefix(system) || system.hasPrefix(typed))
        }.sorted { ($0.count, $0) > ($1.count, $1) }
        let close = closest(to: input, in: systems).filter { !byName.contains($0) }
        return Array((byName + close).prefix(3))
    }

    /// Codes a mistyped one may mean, nearest first.
    package static func currencies(near input: String) -> [String] {
        closest(to: input.trimmingSpaces().uppercased(), in: CurrencyCatalog.codes)
    }
}

extension FieldError {
    /// The known names an unknown locale, numbering system or currency may mean, nearest first.
    package var suggestions: [String] {
        switch self {
        case .unknownLocale(_, let near): Suggestions.locales(near: near)
        case .unknownNumberingSystem(let input): Suggestions.numberingSystems(near: input)
        case .unknownCurrency(let input): Suggestions.currencies(near: input)
        case .algorithmicNumberingSystem, .unreadableAmount, .tooManyFractionDigits, .pointReadAsDecimal,
             .amountNeedsRounding, .tooManyDigits, .outsideLimits, .negativeNotAllowed, .settingOutOfRange,
             .unreadableLimit, .minimumAboveMaximum, .accountingNeedsCurrency, .noAmountWithinLimits, .invalidState,
             .offsetOutsideDisplay, .amountIntoAmount, .notAFiniteAmount:
            []
        }
    }
}

private extension Array {
    var nonEmpty: Self? { isEmpty ? nil : self }
}
