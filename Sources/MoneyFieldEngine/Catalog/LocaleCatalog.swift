import Foundation

/// The locales ICU has, as Foundation lists them; validates identifiers so nothing falls back to root.
public enum LocaleCatalog {
    /// Every identifier Foundation lists, sorted (for listings and suggestions; built on first use).
    public static let identifiers: [String] = known.sorted()

    /// Validation needs only lookups: no sorting on the way to a shell's first prompt.
    private static let known = Set(Locale.availableIdentifiers)

    private static let byLowercase: [String: String] = Dictionary(
        known.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

    private static let numberingSystemSet: Set<String> = Set(
        Locale.NumberingSystem.availableNumberingSystems.map(\.identifier))

    /// Every numbering system ICU knows, sorted (for listings and suggestions).
    public static let numberingSystems: [String] = numberingSystemSet.sorted()

    /// The locale of a fresh session's field.
    public static let defaultIdentifier = "en_US"

    /// The canonical ICU identifier for `input` (`de-DE` → `de_DE`, `ar-EG-u-nu-latn` → `ar_EG@numbers=latn`).
    public static func canonical(_ input: String) throws(FieldError) -> String {
        // The default is ours and known good (a test checks it): listing every locale, about a
        // millisecond, is left to the first session that asks for another one.
        if input == defaultIdentifier { return input }
        let trimmed = String(input.trimmingSpaces())
        guard !trimmed.isEmpty, trimmed.utf8.count <= 100 else { throw .unknownLocale(input, near: .none) }
        guard trimmed.unicodeScalars.allSatisfy(isIdentifierScalar) else {
            // An invisible or non-ASCII character in the name (a zero-width space copied with
            // it): the name without them when it is one, else the locales near what is left, as a
            // currency code with one gets its suggestion.
            let visible = String(String.UnicodeScalarView(trimmed.unicodeScalars.filter(isIdentifierScalar)))
            guard !visible.isEmpty else { throw .unknownLocale(input, near: .none) }
            if let known = try? canonical(visible) { throw .unknownLocale(input, near: .exactly(known)) }
            throw .unknownLocale(input, near: candidates(for: String(visible.prefix { $0 != "@" })))
        }
        // A keyword part must be key=value pairs: ICU would read `en_US@` or `en_US@numbers` as
        // a variant and fall back to the root locale's format.
        if let at = trimmed.firstIndex(of: "@") {
            let keywords = trimmed[trimmed.index(after: at)...].split(separator: ";", omittingEmptySubsequences: false)
            guard !keywords.isEmpty, keywords.allSatisfy({ $0.split(separator: "=", omittingEmptySubsequences: false).count == 2
                && !$0.hasPrefix("=") && !$0.hasSuffix("=") })
            else { throw .unknownLocale(input, near: .exactly(String(trimmed[..<at]) + "@numbers=latn")) }
        }
        let icu = Locale.identifier(.icu, from: trimmed)
        let parts = icu.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let candidate = String(parts[0])
        // The root locale (und) formats with no locale's conventions: not a locale a field can have.
        if candidate.isEmpty || candidate.lowercased() == "und" || candidate.lowercased() == "root" || candidate.hasSuffix("_") {
            throw .unknownLocale(input, near: .none)
        }
        // ICU's canonical form is almost always listed as it is; other spellings go by lower case.
        guard let base = known.contains(candidate) ? candidate : byLowercase[candidate.lowercased()] ?? likely(candidate) else {
            throw .unknownLocale(input, near: candidates(for: String(parts[0])))
        }
        guard parts.count == 2 else { return base }
        for keyword in parts[1].split(separator: ";") {
            let pair = keyword.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { throw .unknownLocale(input, near: .exactly(base)) }
            if pair[0] == "numbers" {
                let system = String(pair[1])
                // `-u-nu` with no value: ICU writes the keyword as `numbers=yes`.
                if system == "yes" { throw .unknownLocale(input, near: .exactly(base + "@numbers=latn")) }
                guard numberingSystemSet.contains(system) else { throw .unknownNumberingSystem(system) }
                // ICU's currency format ignores algorithmic systems (roman, hebr) and writes Latin
                // digits instead: refused rather than silently shown as something else.
                if system != "latn", DigitGlyphs(localeIdentifier: base + "@" + parts[1]).isLatin {
                    throw .algorithmicNumberingSystem(system)
                }
            }
        }
        return base + "@" + parts[1]
    }

    /// What an identifier is written with: printable ASCII.
    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool { scalar.isASCII && scalar.value > 32 && scalar.value < 127 }

    /// Listed locales by their maximal form under ICU's likely-subtags data (`zh_Hans_CN` for
    /// both `zh` and `zh_Hans_CN`); built on the first identifier that is not listed as typed.
    private static let byMaximal: [String: [String]] = Dictionary(grouping: identifiers) { maximal($0) }

    static func maximal(_ identifier: String) -> String {
        Locale.identifier(.icu, from: Locale.Language(identifier: identifier).maximalIdentifier)
    }

    /// The listed locale that `candidate` means by ICU's likely subtags (`zh_CN` → `zh_Hans_CN`,
    /// `sr_RS` → `sr_Cyrl_RS`), the most specific when several share its maximal form; or nil.
    static func likely(_ candidate: String) -> String? {
        let matches = byMaximal[maximal(candidate)] ?? []
        return matches.max { ($0.split(separator: "_").count, $1) < ($1.split(separator: "_").count, $0) }
    }

    /// The listed locales of the same language under likely subtags (`zh_XX` → the Chinese
    /// locales, never Zhuang's `za_CN`), or any listed locale when the language has none.
    static func candidates(for base: String) -> LocaleCandidates {
        let typed = base.replacing("-", with: "_")
        let language = Locale.Language(identifier: typed).languageCode?.identifier
        let sameLanguage = identifiers.filter { Locale.Language(identifier: $0).languageCode?.identifier == language }
        return language != nil && !sameLanguage.isEmpty ? .sameLanguage(typed: typed, locales: sameLanguage) : .anyLanguage(typed: typed)
    }
}
