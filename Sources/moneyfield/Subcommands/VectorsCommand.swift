import ArgumentParser
import Foundation
@_spi(Tools) import MoneyFieldShell
import MoneyFieldCheck

struct VectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors", _superCommandName: Moneyfield.name,
        abstract: "Print check's sessions as JSON Lines test vectors for unit tests in any language.",
        discussion: """
            One line per session: {"config":{…},"keys":[…],"initial":{…},"expected":[{"display":…,"caret":…,"value":…,"rejected":…},…]} \
            with one expected answer per key (the field after that key) and the field as made in "initial"; \
            an answer with a selection adds "selection":[start,end] in UTF-16 offsets.
            """)

    @OptionGroup var planOptions: SessionPlanOptions

    @OptionGroup var page: PageTargetOptions

    func run() throws {
        let plan = try planOptions.plan(page: try pageConfiguration())
        var text = ""
        for index in plan.sessionIndexes {
            text += try CheckVectors.line(for: plan.session(index)) + "\n"
            if text.utf8.count > 1 << 16 {
                Output.write(text)
                text = ""
            }
        }
        Output.write(text)
    }

    /// With --page, the page's configuration (its options where none is given); no adapter runs.
    private func pageConfiguration() throws -> PageSetup.Configuration? {
        do throws(CommandError) {
            guard let target = try page.target() else { return nil }
            // The page's vectors are its field's: no adapter runs, so none is looked for.
            guard let configuration = try page.configuration(for: target, environment: ProcessInfo.processInfo.environment) else {
                throw CommandError("no configuration for the page \(target.argument) (selector \(page.effectiveSelector)): give --page-config FILE, or fit the page first (moneyfield fit --page …), which stores one")
            }
            return configuration
        } catch {
            throw UnusableInput(error.message)
        }
    }
}
