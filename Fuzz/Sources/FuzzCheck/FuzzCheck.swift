import Foundation
@_spi(Tools) import MoneyFieldCheck
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// What `check` reads from outside: an adapter's reply line (first byte even) or the record an
/// earlier run left in its `--out` folder, read by `--merge` (first byte odd). Neither traps; an
/// accepted reply has its caret inside its display and quotes it terminal-safe; a record's
/// scripts read back as scripts whose commands are only the `new`, keys and taps check writes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheck(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if data[0] & 1 == 0 {
        let request: AdapterRequest = data[0] & 2 == 0 ? .key(.digit(7)) : .quit
        guard case .success(.answer(let answer)) = Adapter.reply(bytes[...], answering: request) else { return 0 }
        if let caret = answer.caret { precondition((0...answer.display.utf16.count).contains(caret), "a caret outside its display") }
        if let selection = answer.selection {
            precondition(selection.upperBound <= answer.display.utf16.count && !selection.isEmpty, "a selection outside its display, or empty")
        }
        let quoted = Checker.quoted(answer.shown)
        precondition(VisibleText.terminalSafe(quoted) == quoted, "an adapter's text reaches the terminal raw")
        precondition(!quoted.contains("\n") && !quoted.contains("\r"), "an adapter's text could start a line")
        return 0
    }
    guard let record = try? JSONDecoder().decode(CheckRecord.self, from: Data(bytes)), record.groups.count <= 50 else { return 0 }
    // What --merge and the summary read of it.
    _ = try? CheckRecord.merged([record])
    _ = record.lastLine
    _ = record.closingLines(written: record.files, out: "out")
    for number in record.groups.indices.map({ $0 + 1 }) {
        guard let script = try? record.script(number: number) else { continue }
        let transcript: Transcript
        do { transcript = try Transcript(parsing: script, path: "fuzz.session") } catch {
            preconditionFailure("a written group does not read as a script: \(error)")
        }
        for step in transcript.steps {
            // A tap check played before the difference is `caret N`, N a number the record held.
            let isTap = step.command.hasPrefix("caret ") && step.command.dropFirst(6).allSatisfy { $0.isASCII && $0.isNumber }
            precondition(step.command.hasPrefix("new ") || step.command.hasPrefix("type ") || isTap, "a record's text became a command: \(step.command)")
        }
    }
    return 0
}
