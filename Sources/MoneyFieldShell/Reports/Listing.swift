import MoneyFieldIO
/// A listing (`fields`, `locales`, `currencies`): one table, printed as aligned columns or, with
/// `--json`, as one line holding a JSON array of objects keyed as the columns are.
struct Listing {
    struct Column {
        let heading: String
        let key: String
        /// Cells that are JSON numbers or booleans as they stand, not strings.
        var isLiteral = false
    }

    let columns: [Column]
    var rows: [[String]] = []

    func lines(json: Bool) -> [OutputLine] {
        if json {
            let objects = rows.map { row in
                "{" + zip(columns, row).map { column, cell in
                    JSON.string(column.key) + ":" + (column.isLiteral ? cell : JSON.string(cell))
                }.joined(separator: ",") + "}"
            }
            return [.plain("[" + objects.joined(separator: ",") + "]")]
        }
        return TextTable.render(header: columns.map(\.heading), rows: rows).map(OutputLine.plain)
    }

    /// Rows by rank, best first; rows of one rank keep their order (the catalog's).
    /// `a, b and c`, for messages.
    static func all(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }

    /// `a, b or c`, for messages.
    static func either(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    static func bestFirst(_ ranked: [(rank: Int, row: [String])]) -> [[String]] {
        ranked.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element.row)
    }

    /// How well `needle` (lower-cased) matches an entry's code and name, best first; nil for no match.
    /// Exact code, then code prefix, then name prefix, then a word of the name, then anywhere.
    static func rank(_ needle: String, code: String, name: String) -> Int? {
        guard !needle.isEmpty else { return 0 }
        let code = code.lowercased(), name = name.lowercased()
        if code == needle { return 0 }
        if code.hasPrefix(needle) { return 1 }
        if name.hasPrefix(needle) { return 2 }
        if name.split(whereSeparator: { !$0.isLetter }).contains(where: { $0.hasPrefix(needle) }) { return 3 }
        if code.firstRange(of: needle) != nil || name.firstRange(of: needle) != nil { return 4 }
        return nil
    }
}
