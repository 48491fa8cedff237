import Foundation
import Testing
import MoneyFieldTestSupport

/// The program takes nothing from swift-corelibs-foundation (docs/decisions.md): one NSString
/// method, `CharacterSet` or `NSCondition` anywhere links all of it, and CoreFoundation, into
/// every start (7.7 MB, ~2 MiB resident and a millisecond for `moneyfield test ONE.session`).
/// Three had crept back unseen; `nm` names what the built program takes from other modules.
@Suite struct LinkageTests {
    #if os(Linux)
    @Test func theProgramTakesNothingFromSwiftCorelibsFoundation() throws {
        let binary = try #require(BuiltProgram.moneyfield)
        let nm = try #require(["/usr/bin/nm", "/bin/nm"].first(where: FileManager.default.isExecutableFile(atPath:)),
                              "no nm: scripts/ensure-deps installs binutils")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nm)
        // What it takes from other libraries: the build the tests run links Foundation
        // dynamically, so each symbol it uses from there is one of these.
        process.arguments = ["--undefined-only", binary.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        // `10Foundation` is the mangled module name; FoundationEssentials and
        // FoundationInternationalization are mangled `20Foundation…` and `30Foundation…`.
        // ObjCBool (fileExists's out-parameter), NSNotFound and _NSRange are a debug build's
        // calls into small values the release build inlines: its static link takes nothing.
        let inlined = ["8ObjCBoolV", "10NSNotFoundSi", "8_NSRangeV"]
        let taken = text.split(separator: "\n").filter { line in
            line.contains("10Foundation") && !inlined.contains(where: { line.contains("10Foundation" + $0) })
        }
        #expect(taken.isEmpty, "from swift-corelibs-foundation: \(taken.prefix(5).joined(separator: ", "))")
    }
    #endif
}
