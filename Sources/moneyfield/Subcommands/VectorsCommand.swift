import ArgumentParser
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

    func run() throws {
        let plan = try planOptions.plan()
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
}
