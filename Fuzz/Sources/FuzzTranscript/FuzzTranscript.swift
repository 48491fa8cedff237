@_spi(Tools) import MoneyFieldShell

/// Any bytes as a session script: reading never traps, and a script that reads is written back
/// as text that reads as the same script.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranscript(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let transcript = try? Transcript(parsing: text, path: "fuzz.session") else { return 0 }
    var line = 0
    for step in transcript.steps {
        precondition(step.line > line, "steps out of order")
        line = step.line
        precondition(!step.command.contains("\n") && !step.expected.contains { $0.contains("\n") })
    }
    guard transcript.cutBlockLine == nil else { return 0 }
    let again: Transcript
    do { again = try Transcript(parsing: transcript.text, path: "fuzz.session") } catch {
        preconditionFailure("the written script does not read back: \(error)")
    }
    precondition(again.steps.map(\.command) == transcript.steps.map(\.command), "commands changed")
    precondition(again.steps.map(\.expected) == transcript.steps.map(\.expected), "expectations changed")
    precondition(again.text == transcript.text, "writing is not stable")
    return 0
}
