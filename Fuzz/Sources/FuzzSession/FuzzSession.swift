import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// A script may not write, so hostile input cannot touch the disk; `source` finds an empty folder.
let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("moneyfield-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

/// Any bytes as lines typed at the shell: nothing traps, every field stays a valid field whose
/// display reads back as its amount, and everything printed is one terminal-safe line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let options = SessionOptions(isScript: true, allowsWrite: false, directory: folder)
    guard let session = try? Session(options: options) else { preconditionFailure("the default session fails") }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Each line as the prompt and stdin run it: checked whole, then its commands in turn.
    lines: for line in bytes.split(separator: 10, omittingEmptySubsequences: false).prefix(64) {
        if let text = String(validating: line, as: UTF8.self) { checkTokenizer(text, session: session) }
        let commands: [String]
        switch Session.commands(inLine: line) {
        case .success(let split): commands = split.map(\.command)
        case .failure(let error):
            checkPrinted(String(describing: error))
            continue
        }
        for command in commands {
            let result = session.handle(bytes: Array(command.utf8))
            for printed in result.lines { checkPrinted(printed.text) }
            for entry in session.fields { check(entry.field) }
            if result.quits { break lines }
        }
    }
    return 0
}

/// What the shell prints is one terminal-safe line once escaped.
func checkPrinted(_ text: String) {
    let safe = VisibleText.terminalSafe(text)
    precondition(!safe.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" }, "control character printed")
}

/// Tab and `-c` read a line as the shell does: completion offers only what starts with the word as
/// typed, and `-c`'s commands, joined again at their `;`, are the argument.
func checkTokenizer(_ text: String, session: Session) {
    let completion = ToolProbes.complete(text, session: session)
    precondition(text.hasSuffix(completion.word), "completion replaces \"\(completion.word)\", which the line does not end with")
    let commands = ToolProbes.commands(in: text)
    precondition(commands.map(\.command).joined(separator: ";") == text, "-c's commands do not make the argument again")
    for (command, offset) in commands {
        precondition(Array(text.dropFirst(offset).prefix(command.count)) == Array(command), "a command's offset is not where it stands")
    }
}

func check(_ field: MoneyField) {
    let state = field.state
    precondition(state.digits.count <= field.configuration.maxDigits, "more digits than the limit")
    precondition(state.digits.first != 0, "a leading zero")
    precondition(field.caretOffset >= 0 && field.caretOffset <= field.display.utf16.count, "caret outside the display")
    guard !state.digits.isEmpty else { return }
    // A number alone (`--display none`) can read two ways where `.` groups (de_DE `12.345`):
    // `set` takes a plain decimal first, so such a display is not expected to read back.
    guard field.configuration.display != .none else { return }
    // Read by a field without limits: an amount still below --min is shown all the same.
    let shown = field.configuration
    var reader: MoneyField
    do {
        // The field's own settings, so every one that changes the display (grouping too) is read
        // back as it was written; only the limits are lifted.
        var settings = shown.settings
        settings.maxDigits = 30
        settings.allowsNegative = true
        settings.maximum = nil
        settings.minimum = nil
        reader = MoneyField(try FieldConfiguration(settings))
        try reader.set(field.display)
    } catch {
        preconditionFailure("\(field.display) does not read back: \(error)")
    }
    precondition(reader.value == field.value, "\(field.display) reads back as \(reader.value)")
}
