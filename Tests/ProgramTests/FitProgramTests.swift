import Foundation
import MoneyFieldTestSupport
import Testing

/// `moneyfield fit` and `check --fit` end to end, on `moneyfield adapter` behind a `sed` that
/// rewrites every `new` to a field of its own: a field that is what it is, whatever it is asked.
@Suite(.serialized) struct FitProgramTests {
    static let forced = #"{"op":"new","locale":"en_US","currency":"USD","mode":"natural","fractionDigits":2,"maxDigits":9,"allowNegative":false,"emptiable":"last-digit","startsEmpty":true,"pointAgain":"step"}"#
    static let line = "--mode natural --max-digits 9 --emptiable last-digit --starts-empty --point-again step"

    func adapter(_ binary: URL, plant: String? = nil) -> String {
        "sed -u 's/^{\"op\":\"new\".*$/\(Self.forced)/' | \(binary.path) adapter" + (plant.map { " --plant \($0)" } ?? "")
    }

    static let field = ["--locale", "en_US", "--currency", "USD", "--sessions", "60", "--steps", "30"]

    @Test func fitFindsTheForcedOptionsAndCheckFitAgrees() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let fit = try BuiltProgram.run(["fit", "--adapter", adapter(binary)] + Self.field, directory: folder.url, timeout: 120)
        #expect(fit.status == 0, "\(fit.stderr)")
        let lines = fit.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == Self.line, "\(fit.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("agrees: 100.0% of the recording") == true, "\(fit.stdout)")

        let json = try BuiltProgram.run(["fit", "--adapter", adapter(binary), "--json"] + Self.field, directory: folder.url, timeout: 120)
        #expect(json.stdout.hasPrefix("{\"fits\":true,\"options\":[\"--mode\",\"natural\""), "\(json.stdout)")

        let check = try BuiltProgram.run(["check", "--fit", "--adapter", adapter(binary)] + Self.field, directory: folder.url, timeout: 120)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasPrefix("fitted: \(Self.line) (100.0% of keys agree)\n"), "\(check.stdout)")
        #expect(check.stdout.hasSuffix(": 0 disagreements\n"), "\(check.stdout)")
    }

    /// A planted defect: the same fit, and `check --fit` writes what `check` given the options writes.
    @Test func aDefectDoesNotPullTheFitOff() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        guard let binary = BuiltProgram.moneyfield else { throw BuiltProgram.MissingBinary() }
        let planted = adapter(binary, plant: "caret-to-end")
        let fitted = try BuiltProgram.run(["check", "--fit", "--adapter", planted, "--out", "fitted"] + Self.field, directory: folder.url, timeout: 120)
        #expect(fitted.stdout.hasPrefix("fitted: \(Self.line) ("), "\(fitted.stdout)")
        let given = try BuiltProgram.run(["check", "--adapter", planted, "--out", "given"] + Self.field + Self.line.split(separator: " ").map(String.init),
                                         directory: folder.url, timeout: 120)
        #expect(fitted.status == 1 && given.status == 1)
        #expect(fitted.stdout.split(separator: "\n").dropFirst().joined(separator: "\n")
                    == given.stdout.split(separator: "\n").joined(separator: "\n").replacingOccurrences(of: "given/", with: "fitted/").replacingOccurrences(of: "--replay given ", with: "--replay fitted "))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("fitted").path).sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("given").path).sorted()))
        for name in names where name.hasSuffix(".session") {
            let one = try String(contentsOf: folder.url.appendingPathComponent("fitted/\(name)"), encoding: .utf8)
            let other = try String(contentsOf: folder.url.appendingPathComponent("given/\(name)"), encoding: .utf8)
            #expect(one == other, "\(name)")
        }
    }

    @Test func nonsenseIsExitOneNamingTheKey() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let nonsense = #"while read -r line; do echo '{"display":"zz","caret":0}'; done"#
        let fit = try BuiltProgram.run(["fit", "--adapter", nonsense, "--locale", "en_US", "--sessions", "10", "--steps", "10"], directory: folder.url, timeout: 120)
        #expect(fit.status == 1)
        #expect(fit.stderr.hasPrefix("error: no combination of the options fits: even the best"), "\(fit.stderr)")
        #expect(fit.stderr.contains("session 1 differs as made: adapter \"|zz\""), "\(fit.stderr)")
    }

    @Test func refusingEveryNewIsSaidAsCheckSaysIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let refuser = #"while read -r line; do echo '{"unsupported":true}'; done"#
        let fit = try BuiltProgram.run(["fit", "--adapter", refuser, "--locale", "en_US", "--sessions", "10", "--steps", "10"], directory: folder.url, timeout: 120)
        #expect(fit.status == 1)
        #expect(fit.stderr.contains("the adapter answered {\"unsupported\":true} to session 1's request {\"op\":\"new\""), "\(fit.stderr)")
    }

    @Test func helpNamesWhatIsSearchedAndWhatIsNot() throws {
        let help = try BuiltProgram.run(["fit", "--help"])
        #expect(help.status == 0)
        for word in ["--adapter", "--sessions", "--json", "--jobs", "--point-again", "(give them)", "--allow-negative", "Exit status"] {
            #expect(help.stdout.contains(word), "\(word)")
        }
        let check = try BuiltProgram.run(["check", "--help"])
        #expect(check.stdout.contains("--fit"))
    }
}
