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
    for line in bytes.split(separator: 10, omittingEmptySubsequences: false).prefix(64) {
        let result = session.handle(bytes: line)
        for printed in result.lines {
            let safe = VisibleText.terminalSafe(printed.text)
            precondition(!safe.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" }, "control character printed")
        }
        for entry in session.fields { check(entry.field) }
        if result.quits { break }
    }
    return 0
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
        reader = MoneyField(try FieldConfiguration(
            locale: shown.locale, currency: shown.currency, mode: shown.mode, decimals: shown.decimalsOverride,
            maxDigits: 30, allowsNegative: true, accounting: shown.accounting, display: shown.display))
        try reader.set(field.display)
    } catch {
        preconditionFailure("\(field.display) does not read back: \(error)")
    }
    precondition(reader.value == field.value, "\(field.display) reads back as \(reader.value)")
}
