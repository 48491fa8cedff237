import Foundation

/// A small deterministic generator (SplitMix64), so the corpus is the same on every machine.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Session scripts (SPEC §3) that type many keys, written without expectations: `moneyfield test
/// --update` fills those in, so the generator does not depend on the shell's wording.
public enum CorpusGenerator {
    public struct Script: Sendable {
        public let name: String
        public let text: String
        /// Keys the script types: digits and named keys in `type` commands.
        public let keystrokes: Int
    }

    static let fieldSetups = [
        "--locale en_US --currency USD", "--locale de_DE --currency EUR", "--locale fr_FR --currency EUR",
        "--locale en_IN --currency INR", "--locale ar_EG --currency EGP", "--locale ja_JP --currency JPY",
        "--locale ar_KW --currency KWD", "--locale de_CH --currency CHF", "--locale es_ES --currency EUR",
        "--locale en_US --currency USD --mode whole", "--locale en_IN --currency INR --mode whole",
        "--locale en_US --currency USD --accounting", "--locale he_IL --currency ILS",
    ]

    static let editKeys = ["<left>", "<left>", "<right>", "<bs>", "<bs>", "<del>", "<home>", "<end>", "<neg>"]

    /// `count` scripts of about `commandsPerScript` commands each.
    public static func scripts(count: Int, commandsPerScript: Int = 40, seed: UInt64 = 2026) -> [Script] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            var lines = ["# Generated keystroke corpus, script \(index): many fields, long type commands."]
            var keystrokes = 0
            var fields = ["amount"]
            var digitsTyped = [0]
            var active = 0
            for command in 0..<commandsPerScript {
                let roll = Int.random(in: 0..<20, using: &random)
                if roll == 0 && fields.count < 6 {
                    let name = "f\(command)"
                    let setup = fieldSetups[Int.random(in: 0..<fieldSetups.count, using: &random)]
                    lines.append("> new \(name) \(setup) --allow-negative")
                    fields.append(name)
                    digitsTyped.append(0)
                    active = fields.count - 1
                } else if roll == 1 && fields.count > 1 {
                    active = Int.random(in: 0..<fields.count, using: &random)
                    lines.append("> use \(fields[active])")
                } else if roll == 2 {
                    lines.append(["> show", "> value", "> minor"][Int.random(in: 0..<3, using: &random)])
                } else {
                    // A type command of 6 to 24 keys; clear before the digit count could reach the limit.
                    var keys = ""
                    let length = Int.random(in: 6...24, using: &random)
                    for _ in 0..<length {
                        if digitsTyped[active] >= 9 {
                            keys += "<clear>"
                            digitsTyped[active] = 0
                        } else if Int.random(in: 0..<10, using: &random) < 7 {
                            keys += String(Int.random(in: 0...9, using: &random))
                            digitsTyped[active] += 1
                        } else {
                            keys += editKeys[Int.random(in: 0..<editKeys.count, using: &random)]
                        }
                        keystrokes += 1
                    }
                    lines.append("> type \(keys)")
                }
            }
            return Script(name: String(format: "corpus-%04d.session", index),
                          text: lines.joined(separator: "\n") + "\n", keystrokes: keystrokes)
        }
    }
}
