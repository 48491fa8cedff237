import Foundation

/// The locales ICU has, as Foundation lists them; validates identifiers so nothing falls back to root.
public enum LocaleCatalog {
    /// Every identifier Foundation lists, sorted.
    public static let identifiers: [String] = Locale.availableIdentifiers.sorted()

    private static let byLowercase: [String: String] = Dictionary(
        identifiers.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

    private static let numberingSystems: Set<String> = Set(
        Locale.NumberingSystem.availableNumberingSystems.map(\.identifier))

    /// The canonical ICU identifier for `input` (`de-DE` → `de_DE`, `ar-EG-u-nu-latn` → `ar_EG@numbers=latn`).
    public static func canonical(_ input: String) throws(FieldError) -> String {
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 100,
              trimmed.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 })
        else { throw .unknownLocale(input, suggestions: []) }
        let icu = Locale.identifier(.icu, from: trimmed)
        let parts = icu.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let base = byLowercase[String(parts[0]).lowercased()] else {
            throw .unknownLocale(input, suggestions: suggestions(for: String(parts[0])))
        }
        guard parts.count == 2 else { return base }
        for keyword in parts[1].split(separator: ";") {
            let pair = keyword.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { throw .unknownLocale(input, suggestions: [base]) }
            if pair[0] == "numbers", !numberingSystems.contains(String(pair[1])) {
                throw .unknownNumberingSystem(String(pair[1]),
                    suggestions: Suggestions.closest(to: String(pair[1]), in: numberingSystems))
            }
        }
        return base + "@" + parts[1]
    }

    /// Near misses first (`en_UX` → `en_US`); else locales of the same language (`de_XX` → `de_AT` …).
    static func suggestions(for base: String) -> [String] {
        let typed = base.replacingOccurrences(of: "-", with: "_")
        let close = Suggestions.closest(to: typed, in: identifiers)
        if !close.isEmpty { return close }
        guard let language = typed.split(separator: "_").first?.lowercased() else { return [] }
        return Array(identifiers.filter { $0.lowercased().split(separator: "_").first.map(String.init) == language }.prefix(3))
    }
}
