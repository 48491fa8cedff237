import Foundation
import MoneyFieldEngine
import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// A request of the adapter protocol: one JSON object on one line, its keys always in the same
/// order (SPEC §4), written in this one place.
@_spi(Tools) public enum AdapterRequest: Equatable, Sendable {
    case new(FieldConfiguration)
    case key(Key)
    /// `{"op":"tap","caret":N}`: the caret put at UTF-16 offset N, as a click there; optional
    /// (an adapter may answer `{"unsupported":true}`), answered like a key.
    case tap(Int)
    case quit

    package var line: String {
        switch self {
        case .new(let configuration): "{\"op\":\"new\"," + Self.fields(of: configuration) + "}"
        case .key(let key): "{\"op\":\"key\",\"key\":\(JSON.string(key.protocolName))}"
        case .tap(let offset): "{\"op\":\"tap\",\"caret\":\(offset)}"
        case .quit: "{\"op\":\"quit\"}"
        }
    }

    /// A key or a tap: answered like a key, it carries an id an adapter may echo.
    package var carriesID: Bool {
        switch self {
        case .key, .tap: true
        case .new, .quit: false
        }
    }

    /// Whether `{"unsupported":true}` answers it: a `new` (that configuration is skipped) or a
    /// tap (the adapter has no way to put its caret).
    package var mayBeUnsupported: Bool {
        switch self {
        case .new, .tap: true
        case .key, .quit: false
        }
    }

    /// The field as the protocol describes it: the options every request carries (SPEC §4's keys,
    /// with the fraction digits the field shows after its mode), then each other option not at its
    /// default, camelCase, all from the option table.
    static func fields(of configuration: FieldConfiguration) -> String {
        var fields: [(String, String)] = []
        for option in FieldOption.all where option.inEveryRequest || !option.isDefault(configuration.settings) {
            let value = option.json(configuration.settings)
            guard value != "null" else { continue }
            fields.append((option.jsonKey, value))
            if option.setting == FieldSetting(\.mode) { fields.append(("fractionDigits", String(configuration.shownFractionDigits))) }
        }
        return fields.map { JSON.string($0.0) + ":" + $0.1 }.joined(separator: ",")
    }
}

/// A request of the protocol an adapter may leave unanswered (SPEC §4, "Optional requests are
/// offered, never imposed"): `check` sends one only to an adapter whose reply to `new` listed it
/// in `"takes"`, so an adapter written before the request existed never sees it.
@_spi(Tools) public enum OptionalRequest: String, Sendable, CaseIterable {
    /// `{"op":"tap","caret":N}`.
    case tap

    /// The names a reply's `"takes"` lists, read: unknown names are requests of a later protocol
    /// (or another tool's), passed over.
    static func taken(_ names: [String]) -> Set<OptionalRequest> { Set(names.compactMap(OptionalRequest.init(rawValue:))) }

    /// `,"takes":["tap"]` for a reply to `new` (nothing when it takes none).
    package static func member(_ takes: Set<OptionalRequest>) -> String {
        guard !takes.isEmpty else { return "" }
        return ",\"takes\":[" + allCases.filter(takes.contains).map { JSON.string($0.rawValue) }.joined(separator: ",") + "]"
    }
}

/// A reply as it arrives: decoded strictly, so `"value":5` or `"rejected":"yes"` is not an answer.
struct AdapterReply: Decodable {
    var display: String?
    var caret: Int?
    var value: String?
    var rejected: Bool?
    var unsupported: Bool?
    /// `"selection":[start,end]` (UTF-16 offsets) or null: an adapter that sends the key reports
    /// its selection, and it is compared.
    var selection: [Int]?
    var reportsSelection = false
    /// `"takes":["tap"]`, in a reply to `new`: the optional requests it answers.
    var takes: [String]?

    private enum Keys: String, CodingKey {
        case display, caret, value, rejected, unsupported, selection, takes
    }

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Keys.self)
        display = try object.decodeIfPresent(String.self, forKey: .display)
        // 4.5 or a number past Int64 is a number the decoder cannot make an Int of: a caret
        // that is not a whole number, like "5", not a reply that is no JSON.
        do { caret = try object.decodeIfPresent(Int.self, forKey: .caret) } catch {
            throw DecodingError.typeMismatch(Int.self, .init(codingPath: object.codingPath + [Keys.caret], debugDescription: "not a whole number"))
        }
        value = try object.decodeIfPresent(String.self, forKey: .value)
        rejected = try object.decodeIfPresent(Bool.self, forKey: .rejected)
        unsupported = try object.decodeIfPresent(Bool.self, forKey: .unsupported)
        reportsSelection = object.contains(.selection)
        do { selection = try object.decodeIfPresent([Int].self, forKey: .selection) } catch {
            throw DecodingError.typeMismatch([Int].self, .init(codingPath: object.codingPath + [Keys.selection], debugDescription: "not two whole numbers"))
        }
        takes = try object.decodeIfPresent([String].self, forKey: .takes)
    }
}

extension Key {
    /// The protocol's name for a key: `"7"`, `"bs"` (the `type` names without brackets).
    package var protocolName: String {
        KeyTable.named(for: self).name
    }

    /// The key a protocol name stands for (`"7"`, `"bs"`), or nil.
    package init?(protocolName name: String) {
        guard let key = name.count == 1 ? name.first.flatMap(Key.init(digit:)) : KeyTable.key(named: name) else { return nil }
        self = key
    }
}

/// A value in a request's JSON object, as the reference adapter reads it: decoding one checks it
/// is JSON, as reading the whole request did before, so a bad value anywhere makes the request unreadable.
package enum RequestValue: Decodable, Equatable, Sendable {
    case flag(Bool)
    /// A whole number, written as `2`, `2.0` or `2e0`.
    case number(Int)
    case text(String)
    /// null: the option at its default, as if absent (`inspect --json` writes `"decimals":null`).
    case null
    /// A fraction, an array or an object: no option takes one.
    case other

    package init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let flag = try? value.decode(Bool.self) {
            self = .flag(flag)
        } else if let number = try? value.decode(Int.self) {
            self = .number(number)
        } else if let text = try? value.decode(String.self) {
            self = .text(text)
        } else if value.decodeNil() {
            self = .null
        } else if (try? value.decode(Double.self)) != nil || (try? value.decode([RequestValue].self)) != nil {
            self = .other
        } else {
            _ = try value.decode([String: RequestValue].self)
            self = .other
        }
    }

    package var text: String? {
        if case .text(let text) = self { text } else { nil }
    }
}

extension FieldOptions {
    /// The options a `new` request carries, read by the option table (`maxDigits`, `emptyWhenZero` …).
    package init(request object: [String: RequestValue]) throws(CommandError) {
        var words: [String] = []
        for option in FieldOption.all {
            guard let value = object[option.jsonKey], value != .null else { continue }
            switch (option.kind, value) {
            case (.flag, .flag(let flag)): if flag { words.append(option.name) }
            case (.number, .number(let number)): words += [option.name, String(number)]
            case (.text, .text(let text)): words += [option.name, text]
            // JSONSerialization's NSNumber, which read requests before, took 0 and 1 as flags and a
            // flag as 0 or 1; adapters' requests keep meaning what they meant.
            case (.flag, .number(let number)) where number == 0 || number == 1: if number == 1 { words.append(option.name) }
            case (.number, .flag(let flag)): words += [option.name, flag ? "1" : "0"]
            case (.flag, .number), (.flag, .text), (.number, .text), (.text, .flag), (.text, .number), (_, .other), (_, .null):
                throw CommandError("\"\(option.jsonKey)\" has a value of the wrong type")
            }
        }
        try self.init(parsing: words)
    }
}
