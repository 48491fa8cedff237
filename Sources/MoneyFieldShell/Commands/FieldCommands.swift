import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO

extension Commands {
    static let fieldCommands = [new, use, fields, drop, rename]

    static let new = Command(
        "new", [.required("NAME", .newName)], fieldOptions: true, journal: .keeps, replay: .played, summary: "make a field and make it active",
        details: ["NAME: a letter or _, then up to 31 letters, digits, _ or -."] + FieldOption.all.map { "\($0.name): \($0.help)" }
    ) { arguments in .new(name: arguments.positionals[0], options: arguments.fieldOptions) }
    static let use = Command("use", [.required("NAME", .field)], journal: .keeps, replay: .oneFieldAtATime, summary: "make another field active") { arguments in
        .use(arguments.positionals[0])
    }
    static let fields = Command("fields", flags: [.json], journal: .passes, replay: .passedOver, summary: "list the fields, the active one marked *") { arguments in
        .fields(json: arguments.has(.json))
    }
    static let drop = Command("drop", [.required("NAME", .field)], journal: .keeps, replay: .oneFieldAtATime, summary: "remove a field") { arguments in
        .drop(arguments.positionals[0])
    }
    static let rename = Command(
        "rename", [.required("OLD", .field), .required("NEW", .newName)], journal: .keeps, replay: .oneFieldAtATime, summary: "rename a field"
    ) { arguments in
        .rename(arguments.positionals[0], to: arguments.positionals[1])
    }
}

extension Session {
    static func isValidFieldName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 32, name.allSatisfy(\.isASCII),
              first == "_" || (first.properties.isAlphabetic && first.isASCII)
        else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) }
    }

    /// `name` if it may name a new field; errors are about `word` of the line.
    func validatedNewName(_ name: String, word: CommandError.Word = .argument(0)) throws(CommandError) -> String {
        guard Self.isValidFieldName(name) else {
            throw CommandError("\(VisibleText.quoted(name)) is not a field name: start with a letter or _, then up to 31 letters, digits, _ or -").about(word)
        }
        guard index(of: name) == nil else {
            throw CommandError("a field named \(name) exists already; `use \(name)` or pick another name").about(word)
        }
        return name
    }

    /// The index of the field `name`, the first argument of every command that takes one.
    func existing(_ name: String) throws(CommandError) -> Int {
        guard let index = index(of: name) else {
            let close = Suggestions.closest(to: name, in: fields.map(\.name))
            throw CommandError("no field named \(VisibleText.quoted(name))\(Suggestions.didYouMean(close)) (fields lists them)").about(.argument(0))
        }
        return index
    }

    func newField(_ name: String, _ options: FieldOptions) throws(CommandError) -> CommandResult {
        let name = try validatedNewName(name)
        let configuration: FieldConfiguration
        do { configuration = try options.configuration(defaults: (defaultLocale, defaultCurrency)) } catch { throw error.about(.options) }
        fields.append(FieldEntry(name: name, field: MoneyField(configuration)))
        positions[name] = fields.count - 1
        activeName = name
        return CommandResult(lines: [fieldLine(fields[fields.count - 1])])
    }


    func makeActive(_ index: Int) -> CommandResult {
        activeName = fields[index].name
        return CommandResult(lines: [fieldLine(fields[index])])
    }

    func dropField(_ name: String) throws(CommandError) -> CommandResult {
        let index = try existing(name)
        let dropped = fields.remove(at: index).name
        reindex()
        var result = CommandResult(lines: [.plain("dropped \(dropped)")])
        if activeName == dropped {
            activeName = fields.isEmpty ? nil : fields[max(0, index - 1)].name
            if activeIndex != nil { result.append(try fieldLine()) }
        }
        return result
    }

    func renameField(_ old: String, to new: String) throws(CommandError) -> CommandResult {
        let index = try existing(old)
        let newName = try validatedNewName(new, word: .argument(1))
        if activeName == fields[index].name { activeName = newName }
        positions[fields[index].name] = nil
        positions[newName] = index
        fields[index].name = newName
        return CommandResult(lines: [fieldLine(fields[index])])
    }

    func listFields(json: Bool) -> CommandResult {
        guard !fields.isEmpty || json else { return CommandResult(lines: [.plain("no fields; make one with `new NAME`")]) }
        var listing = Listing(columns: [
            .init(heading: " ", key: "active", isLiteral: json), .init(heading: "NAME", key: "name"),
            .init(heading: "LOCALE", key: "locale"), .init(heading: "CURRENCY", key: "currency"), .init(heading: "MODE", key: "mode"),
            .init(heading: "DISPLAY", key: "display"), .init(heading: "VALUE", key: "value"),
        ])
        listing.rows = fields.map { entry in
            let configuration = entry.field.configuration
            return [entry.name == activeName ? (json ? "true" : "*") : (json ? "false" : " "), entry.name,
                    configuration.locale, configuration.currency, configuration.mode.rawValue, entry.field.rendering.display, entry.field.value ?? ""]
        }
        return CommandResult(lines: listing.lines(json: json))
    }
}

/// Left-aligned columns, two spaces apart. Cells are measured in terminal cells, as the
/// terminal shows them: a right-to-left display's invisible marks (U+200F, U+061C) take none,
/// and a wide character two, so the columns line up on screen.
enum TextTable {
    static func render(header: [String], rows: [[String]]) -> [String] {
        let all = [header] + rows
        let cells = all.map { $0.map(TerminalWidth.of) }
        let widths = header.indices.map { column in cells.map { $0[column] }.max() ?? 0 }
        return all.indices.map { index in
            all[index].indices.map { column in
                let cell = all[index][column]
                return column == all[index].count - 1 ? cell : cell + String(repeating: " ", count: max(0, widths[column] - cells[index][column]))
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}
