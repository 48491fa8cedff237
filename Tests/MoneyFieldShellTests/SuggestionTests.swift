import MoneyFieldEngine
@testable import MoneyFieldShell
import Testing

/// "Did you mean": the shell ranks the names the engine's catalog errors carry.
@Suite struct SuggestionTests {
    @Test("suggestions rank by edit distance, then by the longer shared start")
    func ranking() {
        #expect(Suggestions.closest(to: "colour", in: ["color", "cooler", "collar", "dolour"], limit: 2) == ["color", "dolour"])
        #expect(Suggestions.closest(to: "abc", in: ["abd", "xbc"]) == ["abd", "xbc"])
        #expect(Suggestions.closest(to: "de_XX", in: ["de_DE", "de_CH", "fr_FR"]).allSatisfy { $0.hasPrefix("de") })
        #expect(Suggestions.closest(to: "anything", in: [String]()).isEmpty)
    }

    @Test("a mistyped locale suggests the one meant")
    func localeSuggestions() {
        let error = #expect(throws: FieldError.self) { try LocaleCatalog.canonical("en_UX") }
        #expect(error?.suggestions.contains("en_US") == true, "\(error?.suggestions ?? [])")
        #expect(error?.words.hasPrefix("unknown locale \"en_UX\"; did you mean ") == true)
        #expect(error?.words.hasSuffix(" (`locales FILTER` lists them)") == true)
    }

    @Test("a locale nothing like a known one gets no nonsense suggestions")
    func noFarFetchedLocaleSuggestions() {
        let error = #expect(throws: FieldError.self) { try LocaleCatalog.canonical("zz_QQ") }
        #expect(error?.words == "unknown locale \"zz_QQ\" (`locales FILTER` lists them)")
        #expect(error?.words(at: .commandLine) == "unknown locale \"zz_QQ\" (`moneyfield -c \"locales FILTER\"` lists them)")
    }

    @Test("a language's name suggests its likely region's locale first (issue 47)",
          arguments: [("french", "fr_FR"), ("english", "en_US"), ("german", "de_DE"), ("japanese", "ja_JP")])
    func languageName(name: String, first: String) {
        let error = #expect(throws: FieldError.self) { try LocaleCatalog.canonical(name) }
        #expect(error?.suggestions.first == first, "\(error?.suggestions ?? [])")
    }

    @Test("a typo with no near spelling suggests its language's shortest locales")
    func sameLanguage() {
        let error = #expect(throws: FieldError.self) { try LocaleCatalog.canonical("zh_XX") }
        #expect(error?.suggestions == ["zh", "zh_Hans", "zh_Hant"])
    }

    @Test("a keyword without a value suggests the one form that reads")
    func exactly() {
        #expect(FieldError.unknownLocale("en_US@numbers", near: .exactly("en_US@numbers=latn")).words
            == "unknown locale \"en_US@numbers\"; did you mean en_US@numbers=latn? (`locales FILTER` lists them)")
    }

    @Test("an unknown numbering system suggests systems by name, then by spelling", arguments: [
        ("latm", "latn"), ("devanagari", "deva"), ("ara", "arab"),
    ])
    func numberingSystems(typed: String, meant: String) {
        let error = FieldError.unknownNumberingSystem(typed)
        #expect(error.suggestions.contains(meant), "\(error.suggestions)")
        #expect(error.words.hasPrefix("unknown numbering system \"\(typed)\"; did you mean "))
    }

    @Test("unknown currencies suggest close codes", arguments: [
        ("EUX", "EUR"), ("USX", "USD"), ("GPB", "GBP"), ("US", "USD"), ("JYP", "JPY"), (" eux ", "EUR"),
    ])
    func currencies(input: String, meant: String) {
        let error = #expect(throws: FieldError.self) { try CurrencyCatalog.canonical(input) }
        #expect(error?.suggestions.contains(meant) == true, "\(error?.suggestions ?? [])")
    }

    @Test("EUX suggests EUR first, in the whole message")
    func euxMessage() {
        let error = #expect(throws: FieldError.self) { try CurrencyCatalog.canonical("EUX") }
        #expect(error?.words.hasPrefix("unknown currency \"EUX\"; did you mean EUR") == true)
        #expect(error?.words.hasSuffix("(`currencies FILTER` lists ISO 4217 codes)") == true)
        #expect(error?.description == "unknown currency \"EUX\"")
    }
}
