import Foundation
import MoneyFieldEngine
import MoneyFieldTestSupport
import Testing

/// Locale and currency validation, and the "did you mean" suggestions.
@Suite("catalogs")
struct CatalogTests {
    @Test("locale spellings ICU knows are accepted and made canonical", arguments: [
        ("de_DE", "de_DE"), ("de-DE", "de_DE"), ("EN_us", "en_US"), (" fr_FR ", "fr_FR"),
        ("ar-EG-u-nu-latn", "ar_EG@numbers=latn"), ("ar_EG@numbers=latn", "ar_EG@numbers=latn"),
        ("zh-Hant-TW", "zh_Hant_TW"),
    ])
    func acceptedLocales(input: String, canonical: String) throws {
        #expect(try LocaleCatalog.canonical(input) == canonical)
    }

    @Test("numbers=latn shows Latin digits in a locale that defaults to Arabic-Indic ones", arguments: [
        "ar-EG-u-nu-latn", "ar_EG@numbers=latn",
    ])
    func latinDigits(locale: String) throws {
        let latin = try makeField(typing: "123456", locale, "EGP")
        #expect(latin.rendering.display.contains("1,234.56"))
        #expect(latin.rendering.display.unicodeScalars.allSatisfy { $0.properties.generalCategory != .decimalNumber || $0.isASCII })
        let arabic = try makeField(typing: "123456", "ar_EG", "EGP")
        #expect(arabic.rendering.display.contains("١٬٢٣٤٫٥٦"))
        expectConsistent(latin)
    }

    @Test("unknown locales are errors, never the root locale", arguments: ["zz_QQ", "en_UX", "xx", "de_QQ_ZZ", "root", ""])
    func unknownLocales(input: String) {
        #expect {
            _ = try LocaleCatalog.canonical(input)
        } throws: { error in
            if case FieldError.unknownLocale(input, _) = error { true } else { false }
        }
    }

    @Test("a mistyped locale suggests the one meant")
    func localeSuggestions() throws {
        let error = #expect(throws: FieldError.self) { try LocaleCatalog.canonical("en_UX") }
        guard case .unknownLocale(_, let suggestions) = error else {
            Issue.record("expected unknownLocale, got \(String(describing: error))")
            return
        }
        #expect(suggestions.contains("en_US"), "\(suggestions)")
        #expect(error?.words.hasPrefix("unknown locale \"en_UX\"; did you mean ") == true)
        #expect(error?.words.contains("en_US") == true)
    }

    @Test("a locale nothing like a known one gets no nonsense suggestions")
    func noFarFetchedLocaleSuggestions() {
        #expect(Suggestions.closest(to: "zz_QQ", in: LocaleCatalog.identifiers).isEmpty)
        #expect(FieldError.unknownLocale("zz_QQ", suggestions: []).words
            == "unknown locale \"zz_QQ\" (`locales FILTER` lists them)")
    }

    @Test("an unknown numbering system is its own error")
    func unknownNumberingSystem() {
        #expect {
            _ = try LocaleCatalog.canonical("ar_EG@numbers=latm")
        } throws: { error in
            guard case FieldError.unknownNumberingSystem("latm", let suggestions) = error else { return false }
            return suggestions.contains("latn")
        }
    }

    @Test("currency codes: ISO 4217, case-insensitive", arguments: [("usd", "USD"), ("Eur", "EUR"), ("CLF", "CLF"), (" jpy ", "JPY")])
    func acceptedCurrencies(input: String, code: String) throws {
        #expect(try CurrencyCatalog.canonical(input) == code)
    }

    @Test("unknown currencies are errors that suggest close codes", arguments: [
        ("EUX", "EUR"), ("USX", "USD"), ("GPB", "GBP"), ("US", "USD"), ("JYP", "JPY"),
    ])
    func unknownCurrencies(input: String, meant: String) {
        #expect {
            _ = try CurrencyCatalog.canonical(input)
        } throws: { error in
            guard case FieldError.unknownCurrency(input, let suggestions) = error else { return false }
            return suggestions.contains(meant)
        }
    }

    @Test("EUX suggests EUR first, in the whole message")
    func euxMessage() {
        let error = #expect(throws: FieldError.self) { try CurrencyCatalog.canonical("EUX") }
        #expect(error?.words.hasPrefix("unknown currency \"EUX\"; did you mean EUR") == true)
        #expect(error?.words.hasSuffix("(`currencies FILTER` lists ISO 4217 codes)") == true)
    }

    @Test("the catalogs list what ICU has")
    func catalogContents() {
        #expect(LocaleCatalog.identifiers.count > 500)
        #expect(LocaleCatalog.identifiers == LocaleCatalog.identifiers.sorted())
        for id in ["en_US", "de_CH", "ar_KW", "fa_IR", "he_IL", "en_IN", "ja_JP", "ff_Adlm_GN"] {
            #expect(LocaleCatalog.identifiers.contains(id), "\(id)")
        }
        for code in ["USD", "EUR", "JPY", "KWD", "BHD", "CLF", "INR", "IDR"] {
            #expect(CurrencyCatalog.codes.contains(code), "\(code)")
        }
        #expect(CurrencyCatalog.name(of: "EUR") == "Euro")
    }

    @Test("every listed locale is accepted as itself, in either spelling")
    func everyListedLocale() throws {
        for id in LocaleCatalog.identifiers {
            #expect(try LocaleCatalog.canonical(id) == id)
            #expect(try LocaleCatalog.canonical(id.replacingOccurrences(of: "_", with: "-")) == id, "\(id) in BCP 47 spelling")
        }
    }

    @Test("every ISO 4217 code is accepted, and f is what ICU prints", arguments: ["en_US", "ar_EG", "de_CH"])
    func everyCurrency(locale: String) throws {
        for code in CurrencyCatalog.codes {
            #expect(try CurrencyCatalog.canonical(code.lowercased()) == code)
            let fraction = CurrencyCatalog.fractionDigits(for: code)
            #expect((0...4).contains(fraction), "\(code): \(fraction)")
            var field = try makeField(locale, code, allowsNegative: true)
            typeAccepted("<neg>1234567", into: &field)
            expectConsistent(field, "\(locale) \(code)")
            // ICU's own default for the currency, with no precision given, shows the same f.
            let defaultStyle = Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: locale))
            let glyphs = FieldReference.digitGlyphs(in: Decimal(0).formatted(defaultStyle)).count
            #expect(glyphs == fraction + 1, "\(locale) \(code): ICU prints \(glyphs) digits for zero")
        }
    }

    @Test("suggestions rank by edit distance, then by the longer shared start")
    func ranking() {
        #expect(Suggestions.closest(to: "colour", in: ["color", "cooler", "collar", "dolour"], limit: 2) == ["color", "dolour"])
        #expect(Suggestions.closest(to: "abc", in: ["abd", "xbc"]) == ["abd", "xbc"])
        #expect(Suggestions.closest(to: "de_XX", in: ["de_DE", "de_CH", "fr_FR"]).allSatisfy { $0.hasPrefix("de") })
        #expect(Suggestions.closest(to: "anything", in: [String]()).isEmpty)
    }
}

/// The defaults skip the catalog lookups at start-up, so they must be what a lookup would return.
@Test func defaultsAreKnownAndCanonical() {
    #expect(Locale.availableIdentifiers.contains(LocaleCatalog.defaultIdentifier))
    #expect(Locale.identifier(.icu, from: LocaleCatalog.defaultIdentifier) == LocaleCatalog.defaultIdentifier)
    #expect(Locale.Currency.isoCurrencies.map(\.identifier).contains(CurrencyCatalog.defaultCode))
}

/// IDs people type that ICU lists under another name: resolved through likely subtags.
@Suite struct LikelySubtagTests {
    @Test(arguments: [
        ("zh_CN", "zh_Hans_CN"), ("zh_TW", "zh_Hant_TW"), ("sr_RS", "sr_Cyrl_RS"), ("pa_IN", "pa_Guru_IN"),
        ("az_AZ", "az_Latn_AZ"), ("uz_UZ", "uz_Latn_UZ"), ("bs_BA", "bs_Latn_BA"), ("zh-TW", "zh_Hant_TW"),
    ])
    func resolvesToTheListedLocale(typed: String, listed: String) throws {
        #expect(try LocaleCatalog.canonical(typed) == listed)
        var field = MoneyField(try FieldConfiguration(locale: typed, currency: "EUR"))
        try field.set("1234.5")
        let reference = Decimal(string: "1234.5")!.formatted(
            .currency(code: "EUR").locale(Locale(identifier: listed)).precision(.fractionLength(2)))
        #expect(field.display == reference)
    }

    @Test func norwegianWithoutAScriptIsListed() throws {
        #expect(LocaleCatalog.identifiers.contains(try LocaleCatalog.canonical("no_NO")))
    }

    @Test func aTypoSuggestsLocalesOfTheSameLanguage() {
        #expect(throws: FieldError.unknownLocale("zh_XX", suggestions: ["zh", "zh_Hans", "zh_Hant"])) {
            _ = try LocaleCatalog.canonical("zh_XX")
        }
    }
}

/// IDs ICU would quietly read as the root locale, or with a keyword missing its value.
@Suite struct LocaleEdgeTests {
    @Test(arguments: ["und", "root", "en_US@", "en_US@numbers", "en_US@numbers=", "en-US-u-nu"])
    func rootAndValuelessKeywordsAreRefused(id: String) {
        #expect(throws: FieldError.self) { try LocaleCatalog.canonical(id) }
    }

    @Test func aRealKeywordStillWorks() throws {
        #expect(try LocaleCatalog.canonical("ar-EG-u-nu-latn") == "ar_EG@numbers=latn")
    }
}
