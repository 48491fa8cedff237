import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell

/// `moneyfield adapter`: moneyfield's own engine behind the check protocol, the reference
/// adapter (and the example of what an adapter answers). Reads request lines, answers each.
public struct ReferenceAdapter: Sendable {
    private var field: MoneyField?

    public init() {}

    /// What one request line is answered: a reply line (without its newline), or nil for
    /// `quit`, after which nothing more is read.
    public mutating func reply(to line: some Collection<UInt8>) -> String? {
        guard let object = try? JSONDecoder().decode([String: RequestValue].self, from: Data(line)),
              let op = object["op"]?.text else {
            return "{\"error\":\"unreadable request\"}"
        }
        var rejected = false
        switch op {
        case "quit": return nil
        case "new":
            guard let configuration = try? FieldOptions(request: object).configuration(defaults: ("en_US", "USD")) else {
                return "{\"unsupported\":true}"
            }
            field = MoneyField(configuration)
        case "key":
            guard let key = Key(protocolName: object["key"]?.text ?? ""), var current = field else {
                return "{\"error\":\"unknown key or no field\"}"
            }
            do throws(Rejection) { try current.press(key) } catch { rejected = true }
            field = current
        default:
            return "{\"error\":\"unknown op\"}"
        }
        guard let field else { return "{\"error\":\"no field\"}" }
        return FieldAnswer(field, rejected: rejected).json
    }

    /// Serves requests from `descriptor` until `quit` or its end, each reply handed to `write`.
    public static func serve(reading descriptor: Int32, write: (String) -> Void) {
        var reader = LineReader(descriptor: descriptor, limit: 1 << 16)
        var adapter = ReferenceAdapter()
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
