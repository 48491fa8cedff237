import ArgumentParser
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO
import MoneyFieldCheck

/// The session options `check` and `vectors` share; the field options are `new`'s, read by the
/// same option table.
struct SessionPlanOptions: ParsableArguments {
    @Option(help: "How many sessions.")
    var sessions = 100

    @Option(help: "Keys per session.")
    var steps = 40

    @Option(help: "The seed: session i depends only on the seed and i.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Keys to press, by their type names without brackets, comma-separated (default 0-9,bs,del,left,right,home,end; natural fields also dec,enter).", valueName: "LIST"))
    var keys: String?

    @Option(help: ArgumentHelp("Play only the sessions whose index is I-1 modulo N (1 ≤ I ≤ N), for a CI matrix.", valueName: "I/N"))
    var shard: String?

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "The field, as `new` takes it: \(FieldOption.usage). Without \(FieldOption[\.locale].name) and \(FieldOption[\.currency].name), a built-in list of hard locale/currency pairs; with \(FieldOption[\.currency].name) alone, each of them in that currency.",
        valueName: "field-options"))
    var fieldWords: [String] = []

    func validate() throws {
        guard (1...10_000_000).contains(sessions) else { throw ValidationError("--sessions takes 1 to 10000000, not \(sessions)") }
        // A session of no keys checks nothing a key does: nothing checked is not a pass (SPEC §4).
        guard (1...10_000).contains(steps) else {
            throw ValidationError("--steps takes 1 to 10000, not \(steps)\(steps == 0 ? " (a session of no keys checks nothing)" : "")")
        }
        _ = try plan()
    }

    /// The field options given: what `fit` pins.
    func fieldOptions() throws -> FieldOptions {
        do throws(CommandError) {
            return try FieldOptions(parsing: fieldWords, usage: "the field options of new: \(FieldOption.usage)")
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// `fit`'s run: these sessions (every key `check` may press unless --keys names them) on the
    /// field options given, pinned.
    func fitRun() throws -> FitRun {
        let pinned = try fieldOptions()
        do throws(CommandError) {
            let chosen = try keys.map { list throws(CommandError) in try CheckPlan.keys(parsing: list) }
            return try FitRun(pinned: pinned, sessions: sessions, steps: steps, seed: seed, keys: chosen)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The plan. `page`: a web page's stored configuration, whose options stand where none is
    /// given; `fitted`: the options `check --fit` found, the given ones among them.
    func plan(page: PageSetup.Configuration? = nil, fitted: FieldOptions? = nil) throws -> CheckPlan {
        var options: FieldOptions
        let configurations: [CheckPlan.Configuration]
        let chosen: [Key]
        do throws(CommandError) {
            if let fitted {
                options = fitted
            } else {
                options = try FieldOptions(parsing: fieldWords, usage: "the field options of new: \(FieldOption.usage)")
                if let page { options = try page.fieldOptions(given: options) }
            }
            configurations = try CheckPlan.configurations(for: options)
            chosen = try keys.map { list throws(CommandError) in try CheckPlan.keys(parsing: list) } ?? CheckPlan.defaultKeys(for: options[\.mode])
        } catch {
            throw ValidationError(error.message)
        }
        var part = Shard.whole
        if let shard {
            guard let parsed = Shard(shard) else { throw ValidationError(Shard.usage(shard)) }
            part = parsed
        }
        return CheckPlan(configurations: configurations, keys: chosen, sessions: sessions, steps: steps, seed: seed, shard: part)
    }
}
