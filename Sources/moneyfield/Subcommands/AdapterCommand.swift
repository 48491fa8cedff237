import ArgumentParser
import Foundation
@_spi(Tools) import MoneyFieldShell
import MoneyFieldCheck

/// `moneyfield adapter`: moneyfield's own engine behind the check protocol (ReferenceAdapter).
struct AdapterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adapter", _superCommandName: Moneyfield.name,
        abstract: "Speak the check protocol on stdin/stdout with moneyfield's own field (a reference adapter).",
        discussion: "With --plant, defects of common causes in web money inputs are planted in it (the defect zoo check's grouping is measured with): \(PlantedDefect.allCases.map { "\($0.rawValue): \($0.summary)" }.joined(separator: "; ")).")

    @Option(help: ArgumentHelp("Defects to plant, comma-separated, or all.", valueName: "LIST"))
    var plant: String?

    @Flag(help: "Leave tap out of the reply to new (\"takes\":[\"tap\"]) and answer a tap {\"unsupported\":true}, as an adapter that cannot put its caret (check then sends none and ends a session at its first difference).")
    var noTap = false

    @Flag(help: "Print the protocol's key names as a JSON array, digits first, and exit (for an adapter to read its keys from).")
    var keys = false

    /// Read when the arguments are: an unknown name is said with the known ones, as any
    /// unusable argument is, never the root's usage that an error from `run` would bring.
    func validate() throws {
        if let plant {
            do throws(CommandError) { _ = try PlantedDefect.list(parsing: plant) } catch { throw ValidationError(error.message) }
        }
    }

    func run() throws {
        if keys {
            // Names are the rows' own; JSONEncoder quotes whatever a row holds.
            let data = try JSONEncoder().encode(KeyTable.protocolNames)
            Output.write(String(decoding: data, as: UTF8.self) + "\n")
            return
        }
        var planted: [PlantedDefect] = []
        if let plant {
            do throws(CommandError) { planted = try PlantedDefect.list(parsing: plant) } catch { throw UnusableInput(error.message) }
        }
        ReferenceAdapter.serve(reading: STDIN_FILENO, planted: planted, answersTap: !noTap) { Output.write($0) }
    }
}
