@_spi(Benchmarks) import BenchmarkSupport
import Foundation
@_spi(Benchmarks) import MoneyFieldEngine

// One run, one report: ns per keystroke for the engine and the three Foundation baselines with
// their ratios, peak memory of a 1,000-field session, and `moneyfield test` end to end.

let usage = """
    usage: moneyfield-bench [--moneyfield PATH] [--one-amount PATH] [--scripts N] [--quick] [--setup] [--check-only] [--fit-only]
      --moneyfield PATH  the built moneyfield binary for the end-to-end part (or MONEYFIELD_BIN)
      --one-amount PATH  the static program a cold start is compared with (or ONE_AMOUNT_BIN)
      --scripts N        size of the generated corpus (default 1000 scripts of 40 commands)
      --quick            shorter measurements, for a smoke run
      --setup            also time a fresh clone's first scripts/shell, scripts/test and install (minutes)
      --check-only       only `moneyfield check`'s sessions per second (moneyfield adapter, browser adapter)
      --fit-only         only `moneyfield fit`'s time (moneyfield adapter; browser adapter beside a check)
    """

var moneyfieldPath = ProcessInfo.processInfo.environment["MONEYFIELD_BIN"]
var oneAmountPath = ProcessInfo.processInfo.environment["ONE_AMOUNT_BIN"]
var scriptCount = 1000
var quick = false
var setup = false
var checkOnly = false
var fitOnly = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--moneyfield": moneyfieldPath = arguments.popFirst()
    case "--scripts": scriptCount = arguments.popFirst().flatMap(Int.init) ?? scriptCount
    case "--one-amount": oneAmountPath = arguments.popFirst()
    case "--quick": quick = true
    case "--setup": setup = true
    case "--check-only": checkOnly = true
    case "--fit-only": fitOnly = true
    case "--peak-of":
        // The small parent PeakMemory needs: fork the command from here, print its ru_maxrss.
        print("peak", PeakMemory.ofChild(Array(arguments)) ?? -1)
        exit(0)
    case "--memory-session":
        // The child half of the memory measurement: hold N fields, then exit so the parent reads ru_maxrss.
        let count = arguments.popFirst().flatMap(Int.init) ?? 1000
        let spread = arguments.first == "--mix" ? Workload.mix.count : count
        if arguments.contains("--formats-only") {
            KeyTiming.sink(MemorySession.formatsOnly(count: count, localeSpread: spread))
            print("VmHWM", MemorySession.peakResidentBytes() ?? -1)
            exit(0)
        }
        let fields = MemorySession.fields(count: count, localeSpread: spread)
        withExtendedLifetime(fields) { print("VmHWM", MemorySession.peakResidentBytes() ?? -1) }
        exit(0)
    case "--write-corpus":
        // The end-to-end corpus in a folder, for a profiler: `perf record moneyfield test DIR`.
        let folder = arguments.popFirst() ?? "corpus"
        let count = arguments.popFirst().flatMap(Int.init) ?? 1000
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for script in CorpusGenerator.scripts(count: count) {
            try! script.text.write(toFile: folder + "/" + script.name, atomically: true, encoding: .utf8)
        }
        exit(0)
    case "--profile":
        // One workload alone, for a profiler: `perf record moneyfield-bench --profile render 5 [LOCALE]`
        // (engine, selection, natural, press, render, format).
        let what = arguments.popFirst() ?? "engine"
        let seconds = arguments.popFirst().flatMap(Double.init) ?? 5
        let only = arguments.popFirst()
        let mode: EntryMode = what == "natural" ? .natural : .atm
        var fields = Workload.fields(mode: mode).filter { only == nil || $0.configuration.locale == only }
        var renderer = EngineRenderer()
        let states = workloadStates()
        let inputs = formatInputs(states)
        let keys = what == "selection" ? Workload.selectionKeys : what == "natural" ? Workload.naturalKeys : Workload.keys
        let start = DispatchTime.now().uptimeNanoseconds
        let end = start + UInt64(seconds * 1e9)
        var checksum = 0
        var count = 0
        while DispatchTime.now().uptimeNanoseconds < end {
            switch what {
            case "press": checksum &+= pressWorkload(&fields, keys: keys); count += fields.count * keys.count
            case "render": checksum &+= renderStates(states); count += states.count
            case "format": checksum &+= renderFormatInputs(inputs); count += inputs.count
            default: checksum &+= typeWorkload(&fields, keys: keys, renderer: &renderer); count += fields.count * keys.count
            }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        print("\(what) \(only ?? "mix"): \(number(elapsed / Double(count))) ns/key (checksum \(checksum))")
        exit(0)
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("error: unknown argument \(argument)\n\(usage)\n".utf8))
        exit(2)
    }
}

func line(_ text: String = "") { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
func number(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
func count(_ value: Int) -> String { ReportTable.count(value) }

/// The load averages (1, 5, 15 minutes): what the neighbours did while the wall-clock rows ran.
func loadAverages() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(3).joined(separator: " ")
}
let runStart = DispatchTime.now().uptimeNanoseconds
line("moneyfield-bench — \(ProcessInfo.processInfo.activeProcessorCount) cores, release build; load average \(loadAverages())")
line()

if checkOnly {
    line("`moneyfield check` throughput:")
    _ = CheckThroughput.run(moneyfield: moneyfieldPath, quick: quick, say: line)
    exit(0)
}
if fitOnly {
    line("`moneyfield fit`:")
    _ = FitSpeed.run(moneyfield: moneyfieldPath, quick: quick, say: line)
    exit(0)
}

// MARK: Keystrokes

let keysPerBatch = Workload.mix.count * Workload.keys.count
line("Keystroke = MoneyField.press + display + caret offset, \(Workload.mix.count) locales × \(Workload.keys.count) keys:")
line("  " + Workload.mix.map { "\($0.locale)/\($0.currency)" }.joined(separator: " "))
line()
let seconds = quick ? 0.2 : 1.0

var results: [(name: String, stats: KeyTiming.Stats)] = []
func report(_ name: String, _ stats: KeyTiming.Stats, engine: KeyTiming.Stats?) {
    var text = pad("  " + name, 42) + pad(number(stats.median) + " ns", 13)
        + pad("p10 " + number(stats.p10), 12) + pad("p90 " + number(stats.p90), 12)
    if let engine { text += "×" + number(stats.median / engine.median) + " engine" }
    line(text)
}

line(pad("  per keystroke (median of batches)", 42) + "ns/key")
var engineFields = Workload.fields()
var engineRenderer = EngineRenderer()
let engine = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: keysPerBatch) {
    typeWorkload(&engineFields, keys: Workload.keys, renderer: &engineRenderer)
}
report("engine (compiled format)", engine, engine: nil)
var selectionFields = Workload.fields()
let selection = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: Workload.mix.count * Workload.selectionKeys.count) {
    typeWorkload(&selectionFields, keys: Workload.selectionKeys, renderer: &engineRenderer)
}
report("engine, selection and keypad mix", selection, engine: nil)
var naturalFields = Workload.fields(mode: .natural)
let natural = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: Workload.mix.count * Workload.naturalKeys.count) {
    typeWorkload(&naturalFields, keys: Workload.naturalKeys, renderer: &engineRenderer)
}
report("engine, natural entry and selection mix", natural, engine: nil)
var pressFields = Workload.fields()
let pressOnly = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: keysPerBatch) {
    pressWorkload(&pressFields, keys: Workload.keys)
}
report("  of which MoneyField.press alone", pressOnly, engine: nil)
let states = workloadStates()
let renderOnly = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: states.count) { renderStates(states) }
report("  of which MoneyField.rendering alone", renderOnly, engine: nil)
let inputs = formatInputs(states)
let formatOnly = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: inputs.count) { renderFormatInputs(inputs) }
report("    of which CurrencyFormat.render", formatOnly, engine: nil)

var cachedFields = Workload.fields()
var cached = CachedNumberFormatterRenderer(fields: cachedFields)
let cachedStats = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: keysPerBatch) {
    typeWorkload(&cachedFields, keys: Workload.keys, renderer: &cached)
}
report("cached NumberFormatter", cachedStats, engine: engine)
// The replay's unit, timed by this thread's CPU clock as the replay is by its CPU time: a
// neighbour holding the core stretches neither.
let cachedCPUStats = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: keysPerBatch, clock: .threadCPU) {
    typeWorkload(&cachedFields, keys: Workload.keys, renderer: &cached)
}
report("cached NumberFormatter, thread CPU time", cachedCPUStats, engine: nil)

var styleFields = Workload.fields()
var style = FormatStyleRenderer(fields: styleFields)
let styleStats = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: keysPerBatch) {
    typeWorkload(&styleFields, keys: Workload.keys, renderer: &style)
}
report("Decimal.FormatStyle.Currency", styleStats, engine: engine)
var styleSelectionFields = Workload.fields()
var styleSelection = FormatStyleRenderer(fields: styleSelectionFields)
let styleSelectionStats = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: Workload.mix.count * Workload.selectionKeys.count) {
    typeWorkload(&styleSelectionFields, keys: Workload.selectionKeys, renderer: &styleSelection)
}
report("  FormatStyle, selection mix", styleSelectionStats, engine: selection)
var styleNaturalFields = Workload.fields(mode: .natural)
var styleNatural = FormatStyleRenderer(fields: styleNaturalFields)
let styleNaturalStats = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: Workload.mix.count * Workload.naturalKeys.count) {
    typeWorkload(&styleNaturalFields, keys: Workload.naturalKeys, renderer: &styleNatural)
}
report("  FormatStyle, natural mix", styleNaturalStats, engine: natural)
let formatterCalls = NumberFormatterCalls(states: states)
let formatterCallStats = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: formatterCalls.count) { formatterCalls.callEach() }
report("one cached NumberFormatter call alone", formatterCallStats, engine: nil)

var freshFields = Workload.fields()
var fresh = FreshNumberFormatterRenderer()
let freshStats = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: keysPerBatch, minimumBatches: 10) {
    typeWorkload(&freshFields, keys: Workload.keys, renderer: &fresh)
}
report("NumberFormatter made per key", freshStats, engine: engine)
line()
line("  engine by locale (ns/key, least median of rounds):")
var byLocale: [String] = []
var localeMedians: [String: Double] = [:]
// Rounds over the locales in turn, each locale's figure the least of its round medians: a burst
// of another tenant's work on this VM lands in one round of one locale, not in the ratio.
var localeFields = Workload.mix.map { entry in
    [MoneyField(try! FieldConfiguration(locale: entry.locale, currency: entry.currency) { $0.allowsNegative = true })]
}
for _ in 0..<(quick ? 3 : 7) {
    for (index, entry) in Workload.mix.enumerated() {
        var renderer = EngineRenderer()
        let stats = KeyTiming.perKeystroke(seconds: seconds / 10, keysPerBatch: Workload.keys.count * 8) {
            var checksum = 0
            for _ in 0..<8 { checksum &+= typeWorkload(&localeFields[index], keys: Workload.keys, renderer: &renderer) }
            return checksum
        }
        localeMedians[entry.locale] = min(localeMedians[entry.locale] ?? .infinity, stats.median)
    }
}
for entry in Workload.mix { byLocale.append("\(entry.locale) \(number(localeMedians[entry.locale]!, 0))") }
line("    " + byLocale.joined(separator: ", "))
line()

// MARK: Memory

line("Peak memory (VmHWM of a child process):")
let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
// The child reports its own peak: ru_maxrss of a spawned child also counts the parent's pages
// it shared until exec.
func childPeak(fields: Int, mix: Bool = false) -> Double {
    let run = runChild([executable, "--memory-session", String(fields)] + (mix ? ["--mix"] : []), captureOutput: true)
    let bytes = run.output.split(separator: "\n").compactMap { line -> Int? in
        let words = line.split(separator: " ")
        return words.count == 2 && words[0] == "VmHWM" ? Int(words[1]) : nil
    }.first ?? 0
    return Double(bytes) / (1024 * 1024)
}
let emptyPeak = childPeak(fields: 0)
let formatsOnlyPeak: Double = {
    let run = runChild([executable, "--memory-session", "1000", "--formats-only"], captureOutput: true)
    let words = run.output.split(whereSeparator: \.isWhitespace)
    return words.count == 2 ? (Double(words[1]) ?? 0) / 1_048_576 : 0
}()
let sessionPeak = childPeak(fields: 1000)
let mixPeak = childPeak(fields: 1000, mix: true)
let distinct = MemorySession.distinctLocales(count: 1000, localeSpread: 1000)
let few = MemorySession.distinctLocales(count: 1000, localeSpread: Workload.mix.count)
line(pad("  process with the engine and no field", 58) + "\(number(emptyPeak)) MiB")
line(pad("  1,000 fields in \(distinct) locales, each its own currency", 58)
     + "\(number(sessionPeak)) MiB  (+\(number(sessionPeak - emptyPeak)) MiB)")
line(pad("  the same 1,000 locales' currencies formatted once by Foundation, no field", 58) + "\(number(formatsOnlyPeak)) MiB")
line(pad("  1,000 fields over \(few) locales", 58) + "\(number(mixPeak)) MiB  (+\(number(mixPeak - emptyPeak)) MiB)")
line()

// MARK: End to end

line("End to end through `moneyfield test`:")
// The replay's unit, measured afresh (a fifth of a second) before each replay it is set against.
let endToEnd = EndToEnd.run(moneyfield: moneyfieldPath, baseline: oneAmountPath, peakOf: [executable, "--peak-of"],
                            scriptCount: quick ? min(scriptCount, 100) : scriptCount, coldRuns: quick ? 11 : 41,
                            keystrokeCPU: {
                                KeyTiming.perKeystroke(seconds: 0.2, keysPerBatch: keysPerBatch, clock: .threadCPU) {
                                    typeWorkload(&cachedFields, keys: Workload.keys, renderer: &cached)
                                }.median
                            }, say: line)
line()

// MARK: check

line("`moneyfield check` throughput:")
let checkFigures = CheckThroughput.run(moneyfield: moneyfieldPath, quick: quick, say: line)
line()

// MARK: fit

line("`moneyfield fit`:")
let fitFigures = FitSpeed.run(moneyfield: moneyfieldPath, quick: quick, say: line)
line()

// MARK: Set-up

var setupFigures = SetupTimes.Figures()
if setup {
    line("Set-up on a fresh clone:")
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    setupFigures = SetupTimes.run(repository: repository, say: line)
    line()
}

// MARK: Summary

// docs/benchmarks.md's table, row for row: each figure measured in this run, how, and its aim
// (aims, never assertions).
var rows: [ReportRow] = []
let inProcess = "in this process, median of ~1 s of batches, wall"
rows.append(ReportRow(what: "a keystroke in the engine: atm, selection, natural mix",
                      today: "\(number(engine.median, 0)), \(number(selection.median, 0)), \(number(natural.median, 0)) ns",
                      how: "`press` + display + caret offset, 10 locales × 30 keys; " + inProcess, aim: "—", verdict: .noAim))
let styleRatios = [styleStats.median / engine.median, styleSelectionStats.median / selection.median,
                   styleNaturalStats.median / natural.median]
rows.append(ReportRow(what: "`Decimal.FormatStyle.Currency` / engine: atm, selection, natural mix",
                      today: styleRatios.map { "×" + number($0, 0) }.joined(separator: ", "),
                      how: "the same keys rendered by the FormatStyle, caret found by scanning; " + inProcess,
                      aim: "≥ ×60", verdict: styleRatios.allSatisfy { $0 >= 60 } ? .met : .notMet))
let localeRatios = ["ar_EG", "ar_KW", "he_IL"].compactMap { locale in
    localeMedians[locale].flatMap { theirs in localeMedians["en_US"].map { theirs / $0 } }
}
rows.append(ReportRow(what: "ar_EG, ar_KW, he_IL / en_US, per key",
                      today: localeRatios.count == 3 ? localeRatios.map { "×" + number($0, 2) }.joined(separator: ", ") : nil,
                      how: "each locale's field alone, the least of \(quick ? 3 : 7) rounds' medians, wall",
                      aim: "≤ ×1.5", met: localeRatios.allSatisfy { $0 <= 1.5 }, reason: "no en_US figure"))
// The issue's unit is the report's "cached NumberFormatter" keystroke (its 0.175 came from that row).
let replayRatio = endToEnd.cpuRatio
rows.append(ReportRow(
    what: "a replayed keystroke / a cached-`NumberFormatter` keystroke, CPU time",
    today: replayRatio.map { ratio in
        "\(number(ratio, 3)) (\(number(endToEnd.cpuNanosecondsPerKey!, 0)) / \(number(endToEnd.baselineCPUNanosecondsPerKey!, 0)) ns)"
            + (endToEnd.oneJobCPURatio.map { "; `-j 1`: \(number($0, 3))" } ?? "")
            + (endToEnd.keystrokesPerSecond.map { "; wall: \(number(1e9 / $0 / cachedStats.median, 3))" } ?? "")
    },
    how: "`moneyfield test` replaying \(count(quick ? min(scriptCount, 100) : scriptCount)) generated scripts of 40 commands: "
        + "its CPU time (user + system, every thread, from `wait4`) per key, over the engine's keys typed with a kept "
        + "`NumberFormatter` per field rendering, timed by this thread's CPU clock just before each replay; median of 9 pairs",
    aim: "≤ 0.10", met: (replayRatio ?? .infinity) <= 0.10, reason: "no moneyfield with a working `test`"))
rows.append(ReportRow(what: "cold start of `moneyfield test ONE.session` / one-amount",
                      today: endToEnd.coldStart.map {
                          "×\(number($0.moneyfield / $0.baseline, 2)) (\(number($0.moneyfield, 2)) / \(number($0.baseline, 2)) ms)"
                      },
                      how: "a one-command script against a static program printing one ICU amount, interleaved, median of "
                          + "\(quick ? 11 : 41), wall",
                      aim: "≤ ×1.3", met: endToEnd.coldStart.map { $0.moneyfield / $0.baseline <= 1.3 },
                      reason: "no moneyfield or one-amount"))
rows.append(ReportRow(what: "peak memory of that run / one-amount",
                      today: endToEnd.peakMiB.map {
                          "×\(number($0.moneyfield / $0.baseline, 2)) (\(number($0.moneyfield)) / \(number($0.baseline)) MiB)"
                      },
                      how: "`ru_maxrss` of each, forked from a small process, median",
                      aim: "≤ ×1.2", met: endToEnd.peakMiB.map { $0.moneyfield / $0.baseline <= 1.2 },
                      reason: "no moneyfield or one-amount"))
rows.append(ReportRow(what: "1,000 fields in \(count(distinct)) locales",
                      today: "\(number(sessionPeak)) MiB (Foundation alone: \(number(formatsOnlyPeak)))",
                      how: "`VmHWM` of a child holding 1,000 fields typed into, each its own locale and currency; "
                          + "beside it the same locales' currencies formatted once by Foundation, no field",
                      aim: "≤ 24 MiB", verdict: sessionPeak <= 24 ? .met : .notMet))
let checkHow = "sessions of 30 keys, autoNumeric whole-dollar options, keys 0-9 bs del end, wall"
rows.append(ReportRow(what: "`check` against `moneyfield adapter`",
                      today: checkFigures.engine.map { "\(number($0, 0)) sessions/s" },
                      how: "\(count(quick ? 200 : 1_000)) " + checkHow, aim: "—", met: nil, reason: "check did not finish"))
rows.append(ReportRow(what: "`check` through the browser adapter",
                      today: checkFigures.browser.max(by: { $0.value < $1.value }).map { "\(number($0.value)) sessions/s (`--jobs \($0.key)`)" },
                      how: "\(quick ? 20 : 300) " + checkHow + ", on `autonumeric-whole.html`, `--settle sync`; the best of `--jobs 1` and 2",
                      aim: "≥ 20 /s", met: (checkFigures.browser.values.max() ?? 0) >= 20, reason: "no Chromium"))
rows.append(ReportRow(what: "`check` against the guide's Python adapter",
                      today: checkFigures.python.map { "\(number($0, 0)) sessions/s" },
                      how: "\(quick ? 100 : 300) sessions of 30 keys; it echoes no id and differs in nearly every session, wall",
                      aim: "—", met: nil, reason: "no Python adapter in docs/check.md"))
rows.append(ReportRow(what: "`check` on the defect zoo, shrunk / `--shrink-budget 0`",
                      today: checkFigures.shrinking.map {
                          "×\(number($0.shrunk / $0.unshrunk, 2)) (\(number($0.shrunk, 2)) / \(number($0.unshrunk, 2)) s)"
                      },
                      how: "`moneyfield adapter --plant all`, natural entry, \(count(quick ? 200 : 1_000)) sessions of 30 keys, wall",
                      aim: "≤ ×2", met: checkFigures.shrinking.map { $0.shrunk / $0.unshrunk <= 2 }, reason: "check did not finish"))
rows.append(ReportRow(what: "`fit` against `moneyfield adapter`",
                      today: fitFigures.engine.map { "\(number($0.wall, 1)) s (\(number($0.cpu, 1)) s CPU)" },
                      how: "300 sessions of 30 keys, the search included, `--jobs 2`, on `moneyfield adapter` forced by a `sed` "
                          + "that rewrites every `new` (\(FitSpeed.forcedField)), en_US/USD, wall",
                      aim: "< 10 s on 2 cores", met: fitFigures.engine.map { $0.wall < 10 },
                      reason: fitFigures.notMeasured ?? "fit did not finish"))
rows.append(ReportRow(what: "`fit` / `check` of the same sessions, browser adapter",
                      today: fitFigures.browser.map { "×\(number($0.fit / $0.check, 2)) (\(number($0.fit, 1)) / \(number($0.check, 1)) s)" },
                      how: "\(quick ? 20 : 300) sessions of 30 keys (same seed) on `autonumeric-whole.html`, one adapter each; "
                          + "the check `--mode whole --shrink-budget 0`, wall",
                      aim: "≤ ×1.5", met: fitFigures.browser.map { $0.fit / $0.check <= 1.5 },
                      reason: fitFigures.notMeasured ?? fitFigures.browserNotMeasured ?? "fit did not finish"))
let setupReason = setup ? "set-up failed (see above)" : "run with --setup"
rows.append(ReportRow(what: "first `scripts/shell` on a fresh clone", today: setupFigures.firstShellSeconds.map { "\(number($0, 0)) s" },
                      how: "`git clone` of the committed tree, then `scripts/shell --version` (the release build included), wall",
                      aim: "≤ 150 s", met: setupFigures.firstShellSeconds.map { $0 <= 150 }, reason: setupReason))
rows.append(ReportRow(what: "`scripts/test` on that clone", today: setupFigures.testSeconds.map { "\(number($0, 0)) s" },
                      how: "debug build and every test, wall", aim: "≤ 240 s", met: setupFigures.testSeconds.map { $0 <= 240 },
                      reason: setupReason))
rows.append(ReportRow(what: "installed binary",
                      today: setupFigures.installedBytes.map {
                          "\(number(Double($0) / 1_048_576)) MiB, " + (setupFigures.installedIsStripped == true ? "stripped" : "not stripped")
                      },
                      how: "`scripts/install` to a temporary prefix; `readelf -S` finds no `.symtab`", aim: "stripped",
                      met: setupFigures.installedIsStripped, reason: setupReason))

let minutes = Double(DispatchTime.now().uptimeNanoseconds - runStart) / 6e10
line("The table of docs/benchmarks.md (\(number(minutes)) min; load average \(loadAverages()) at the end):")
line()
line(ReportTable.markdown(rows))
line()
line("compiled-format fallbacks so far: \(CurrencyFormat.fallbackKeys.count)")
