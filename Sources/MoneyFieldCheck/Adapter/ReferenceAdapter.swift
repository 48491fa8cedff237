import Foundation
import MoneyFieldEngine
import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// `moneyfield adapter`: moneyfield's own engine behind the check protocol, the reference
/// adapter (and the example of what an adapter answers). Reads request lines, answers each.
package struct ReferenceAdapter: Sendable {
    private var field: PlantedField
    /// Whether it answers `tap`, and says so in its reply to `new` (`"takes":["tap"]`); otherwise
    /// it lists nothing and answers a tap `{"unsupported":true}`, as an adapter that has no way
    /// to put its caret (`moneyfield adapter --no-tap`).
    private let answersTap: Bool

    /// moneyfield's field, with `planted` defects (the zoo) if any.
    package init(planted: [PlantedDefect] = [], answersTap: Bool = true) {
        field = PlantedField(planted)
        self.answersTap = answersTap
    }

    /// What one request line is answered: a reply line (without its newline), or nil for
    /// `quit`, after which nothing more is read. A request's `id` is echoed.
    package mutating func reply(to line: some Collection<UInt8>) -> String? {
        guard let object = try? JSONDecoder().decode([String: RequestValue].self, from: Data(line)),
              let op = object["op"]?.text else {
            return "{\"error\":\"unreadable request\"}"
        }
        let answer: FieldAnswer
        // The optional requests it answers, said in its reply to `new`.
        var takes: Set<OptionalRequest> = []
        switch op {
        case "quit": return nil
        case "new":
            guard let configuration = try? FieldOptions(request: object).configuration(defaults: ("en_US", "USD")) else {
                return "{\"unsupported\":true}"
            }
            answer = field.new(configuration)
            takes = answersTap ? [.tap] : []
        case "key":
            guard let key = Key(protocolName: object["key"]?.text ?? ""), let pressed = field.press(key) else {
                return "{\"error\":\"unknown key or no field\"}"
            }
            answer = pressed
        case "tap":
            guard answersTap else { return "{\"unsupported\":true}" }
            guard case .number(let offset)? = object["caret"], let tapped = field.tap(offset) else {
                return "{\"error\":\"no caret offset inside the display, or no field\"}"
            }
            answer = tapped
        default:
            return "{\"error\":\"unknown op\"}"
        }
        var reply = String(answer.json.dropLast()) + OptionalRequest.member(takes)
        if case .number(let id)? = object["id"] { reply += ",\"id\":\(id)" }
        return reply + "}"
    }

    /// Serves requests from `descriptor` until `quit` or its end, each reply handed to `write`.
    package static func serve(reading descriptor: Int32, planted: [PlantedDefect] = [], answersTap: Bool = true, write: (String) -> Void) {
        var reader = LineReader(descriptor: descriptor, limit: 1 << 16)
        var adapter = ReferenceAdapter(planted: planted, answersTap: answersTap)
        while let line = reader.next() {
            guard case .bytes(let bytes) = line else {
                write("{\"error\":\"unreadable request\"}\n")
                continue
            }
            guard let reply = adapter.reply(to: bytes) else { return }
            write(reply + "\n")
        }
    }
}
