import Foundation
import MoneyFieldTestSupport
import Testing

/// The command line's options read as the shell's commands read theirs.
@Suite struct CommandLineTests {
    /// `moneyfield --locale ja_JP` starts as `new amount --locale ja_JP` would: in yen.
    @Test func theCommandLinesLocaleMeansWhatNewsDoes() throws {
        let outcome = try BuiltProgram.run(["--locale", "ja_JP", "-c", "show; new x --locale ja_JP"])
        #expect(outcome.stdout == "amount: ¥0|\nx: ¥0|\n", "\(outcome.stderr)")
        let mixed = try BuiltProgram.run(["--locale", "de_DE", "--currency", "USD", "-c", "show"])
        #expect(mixed.stdout == "amount: 0,00|\u{A0}$\n")
    }
}
