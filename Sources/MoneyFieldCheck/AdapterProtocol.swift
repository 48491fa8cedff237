import Foundation
import MoneyFieldEngine
import MoneyFieldIO
import MoneyFieldShell

/// A request of the adapter protocol: one JSON object on one line, its keys always in the same
/// order (SPEC §4), written in this one place.
public enum AdapterRequest: Equatable, Sendable {
    case new(FieldConfiguration)
    case key(Key)
    case quit

    public var line: String {
        switch self {
        case .new(let configuration): "{\"op\":\"new\"," + Self.fields(of: configuration) + "}"
        case .key(let key): "{\"op\":\"key\",\"key\":\(JSON.string(key.protocolName))}"
        case .quit: "{\"op\":\"quit\"}"
        }
    }

    /// The field as the protocol describes it: the keys every adapter reads, then each other
    /// `new` option that is not at its default, camelCase, from the option table.
    static func fields(of configuration: FieldConfiguration) -> String {
        var fields = [
            ("locale", JSON.string(configuration.locale)), ("currency", JSON.string(configuration.currency)),
            ("mode", JSON.string(configuration.mode.rawValue)), ("fractionDigits", String(configuration.shownFractionDigits)),
            ("maxDigits", String(configuration.maxDigits)), ("allowNegative", String(configuration.allowsNegative)),
        ]
        let options = FieldOptions(configuration)
        for option in FieldOption.all {
            let key = option.jsonKey
            guard !fields.contains(where: { $0.0 == key }), let words = option.written(options) else { continue }
            switch option.kind {
            case .flag: fields.append((key, "true"))
            case .number: fields.append((key, words.first ?? "0"))
            case .text: fields.append((key, JSON.string(words.first ?? "")))
            }
        }
        return fields.map { JSON.string($0.0) + ":" + $0.1 }.joined(separator: ",")
    }
}

/// A reply as it arrives: decoded strictly, so `"value":5` or `"rejected":"yes"` is not an answer.
struct AdapterReply: Decodable {
    var display: String?
    var caret: Int?
    var value: String?
    var rejected: Bool?
    var unsupported: Bool?
}

extension Key {
    /// The protocol's name for a key: `"7"`, `"bs"` (the `type` names without brackets).
    public var protocolName: String {
        if case .digit(let value) = self { return String(value) }
        return KeyTable.all.first { $0.key == self }?.name ?? "?"
    }

    /// The key a protocol name stands for (`"7"`, `"bs"`), or nil.
    public init?(protocolName name: String) {
        guard let key = name.count == 1 ? name.first.flatMap(Key.init(digit:)) : KeyTable.key(named: name) else { return nil }
        self = key
    }
}

extension FieldOptions {
    /// The options a `new` request carries, read by the option table (`maxDigits`, `emptyWhenZero` …).
    public init(request object: [String: Any]) throws(CommandError) {
        var words: [String] = []
        for option in FieldOption.all {
            guard let value = object[option.jsonKey] else { continue }
            switch (option.kind, value) {
            case (.flag, let flag as Bool): if flag { words.append(option.name) }
            case (.number, let number as Int): words += [option.name, String(number)]
            case (.text, let text as String): words += [option.name, text]
            default: throw CommandError("\"\(option.jsonKey)\" has a value of the wrong type")
            }
        }
        try self.init(parsing: words)
    }
}
