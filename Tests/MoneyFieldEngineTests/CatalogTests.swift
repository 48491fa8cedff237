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

    @Test("a mistyped locale names the locales of its language, and ranks none")
    func localeCandidates() throws {
        let error = #expect(throws: FieldError.self) { try LocaleCatalog.canonical("en-UX") }
        guard case .unknownLocale("en-UX", .sameLanguage("en_UX", let locales)) = error else {
            Issue.record("expected unknownLocale with English locales, got \(String(describing: error))")
            return
        }
        #expect(locales.contains("en_US") && locales.contains("en_GB"), "\(locales)")
        #expect(locales.allSatisfy { $0 == "en" || $0.hasPrefix("en_") }, "\(locales)")
        #expect(error?.description == "unknown locale \"en-UX\"")
    }

    @Test("a locale of no known language may be any; a keyword without its value names the one form read")
    func otherLocaleCandidates() {
        #expect(throws: FieldError.unknownLocale("zz_QQ", near: .anyLanguage(typed: "zz_QQ"))) { try LocaleCatalog.canonical("zz_QQ") }
        #expect(throws: FieldError.unknownLocale("en_US@numbers", near: .exactly("en_US@numbers=latn"))) {
            try LocaleCatalog.canonical("en_US@numbers")
        }
        #expect(throws: FieldError.unknownLocale("root", near: .none)) { try LocaleCatalog.canonical("root") }
    }

    @Test("an unknown numbering system is its own error")
    func unknownNumberingSystem() {
        #expect(throws: FieldError.unknownNumberingSystem("latm")) { try LocaleCatalog.canonical("ar_EG@numbers=latm") }
        #expect(LocaleCatalog.numberingSystems.contains("latn") && LocaleCatalog.numberingSystems.contains("arab"))
        #expect(LocaleCatalog.numberingSystems == LocaleCatalog.numberingSystems.sorted())
    }

    @Test("currency codes: ISO 4217, case-insensitive", arguments: [("usd", "USD"), ("Eur", "EUR"), ("CLF", "CLF"), (" jpy ", "JPY")])
    func acceptedCurrencies(input: String, code: String) throws {
        #expect(try CurrencyCatalog.canonical(input) == code)
    }

    @Test("unknown currencies are errors", arguments: ["EUX", "USX", "GPB", "US", "JYP", "euro"])
    func unknownCurrencies(input: String) {
        #expect(throws: FieldError.unknownCurrency(input)) { try CurrencyCatalog.canonical(input) }
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

    @Test func aTypoNamesLocalesOfTheSameLanguage() {
        let error = #expect(throws: FieldError.self) { try LocaleCatalog.canonical("zh_XX") }
        guard case .unknownLocale(_, .sameLanguage(_, let locales)) = error else {
            Issue.record("expected Chinese locales, got \(String(describing: error))")
            return
        }
        #expect(locales.contains("zh_Hans_CN") && !locales.contains("za_CN"), "\(locales)")
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
