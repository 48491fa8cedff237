import MoneyFieldEngine
@_spi(Tools) @testable import MoneyFieldShell
import Testing

/// The option table is the one place a `new` option's flag is spelled: the engine's errors name a
/// setting, and the shell finds its flag there.
@Suite("option table and error words")
struct FieldOptionTableTests {
    @Test("every stored setting has exactly one option, found by its name")
    func everySettingHasOneOption() {
        // A property of FieldSettings with no row would be read by nothing (and `options[\.it]`
        // would find no option): the table is checked against what the engine stores, by name,
        // which is also how the engine's own messages name a setting.
        let stored = Mirror(reflecting: FieldSettings()).children.compactMap(\.label)
        let rows = FieldOption.all.map(\.setting.description)
        for name in stored {
            #expect(rows.filter { $0 == name }.count == 1, "FieldSettings.\(name) has no row in FieldOption.all (or more than one)")
        }
        #expect(rows.sorted() == stored.sorted(), "rows for what FieldSettings does not store: \(Set(rows).subtracting(stored))")
        #expect(Set(FieldOption.all.map(\.setting)).count == FieldOption.all.count, "two rows share a key path")
    }

    @Test("the shell adds the option that would allow a refusal, from the table", arguments: [
        (Rejection.tooManyDigits(limit: 12), "at most 12 digits (--max-digits)"),
        (.aboveMaximum("10"), "above the maximum 10 (--max)"),
        (.negativeNotAllowed, "this field takes no negative amounts (create it with --allow-negative)"),
        (.decimalKeyNeedsNaturalMode, "the decimal key needs a natural-mode field; this one places the point itself (create it with --mode natural)"),
        (.nothingToDelete, "nothing to delete left of the caret"),
        (.pointAlreadyTyped, "the point is already typed (create it with --point-again move)"),
    ])
    func rejectionWords(rejection: Rejection, words: String) {
        #expect(rejection.words == words)
        #expect(words.hasPrefix(rejection.description))
    }

    @Test("field errors read as before, their flags from the table", arguments: [
        (FieldError.tooManyDigits("1234567890123", limit: 12), "1234567890123 needs more than 12 digits (--max-digits)"),
        (.outsideLimits("12", .belowMinimum("20")), "12 is below the minimum 20 (--min)"),
        (.negativeNotAllowed("-5"), "-5 is negative; this field takes no negative amounts (create it with --allow-negative)"),
        (.settingOutOfRange(FieldSetting(\.decimals), value: 9, allowed: 0...6), "--decimals takes 0 to 6, not 9"),
        (.minimumAboveMaximum(minimum: "2", maximum: "1"), "--min 2 is above --max 1; swap them"),
        (.tooManyFractionDigits("1.234", allowed: 2, because: .decimalsSetting), "1.234 has more fraction digits than this field's --decimals 2"),
    ])
    func fieldErrorWords(error: FieldError, words: String) {
        #expect(error.words == words)
    }

    @Test("--display's help shows each style as ICU writes it, symbol and narrow differing (issue 30 #10)")
    func displayHelp() throws {
        let help = try #require(FieldOption.named("--display")).help
        #expect(help.contains("symbol CA$12.50, narrow $12.50"))
    }

    @Test("--empty-shows is read, written back and carried by the configuration")
    func emptyShowsRoundTrips() throws {
        let options = try FieldOptions(parsing: ["--emptiable", "at-zero", "--empty-shows", "symbol"])
        let configuration = try options.configuration(defaults: ("en_US", "USD"))
        #expect(configuration.emptyShows == .symbol)
        #expect(FieldOptions(configuration).words.suffix(2) == ["--empty-shows", "symbol"])
        #expect(try #require(FieldOption.named("--empty-shows")).jsonKey == "emptyShows")
    }

    @Test("--starts-empty and --point-again are read, written back and carried by the configuration")
    func startsEmptyAndPointAgainRoundTrip() throws {
        let options = try FieldOptions(parsing: ["--mode", "natural", "--starts-empty", "--point-again", "ignore"])
        let configuration = try options.configuration(defaults: ("en_US", "USD"))
        #expect(configuration.startsEmpty && configuration.pointAgain == .ignore)
        #expect(FieldOptions(configuration).words.suffix(3) == ["--starts-empty", "--point-again", "ignore"])
        #expect(try FieldOptions(FieldOptions(parsing: ["--mode", "natural"]).configuration(defaults: ("en_US", "USD"))).words
            .contains { $0 == "--starts-empty" || $0 == "--point-again" } == false, "defaults are left out")
        #expect(try #require(FieldOption.named("--starts-empty")).jsonKey == "startsEmpty")
        #expect(try #require(FieldOption.named("--point-again")).jsonKey == "pointAgain")
        #expect(throws: CommandError.self) { try FieldOptions(parsing: ["--point-again", "skip"]) }
        #expect(throws: CommandError.self) { try FieldOptions(parsing: ["--starts-empty=yes"]) }
    }
}
