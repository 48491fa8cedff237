import BenchmarkSupport
import Foundation
import MoneyFieldEngine

// One run, one report: ns per keystroke for the engine and the three Foundation baselines with
// their ratios, peak memory of a 1,000-field session, and `moneyfield test` end to end.

let usage = """
    usage: moneyfield-bench [--moneyfield PATH] [--scripts N] [--quick]
      --moneyfield PATH  the built moneyfield binary for the end-to-end part (or MONEYFIELD_BIN)
      --scripts N        size of the generated corpus (default 1000 scripts of 40 commands)
      --quick            shorter measurements, for a smoke run
    """

var moneyfieldPath = ProcessInfo.processInfo.environment["MONEYFIELD_BIN"]
var scriptCount = 1000
var quick = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--moneyfield": moneyfieldPath = arguments.popFirst()
    case "--scripts": scriptCount = arguments.popFirst().flatMap(Int.init) ?? scriptCount
    case "--quick": quick = true
    case "--memory-session":
        // The child half of the memory measurement: hold N fields, then exit so the parent reads ru_maxrss.
        let count = arguments.popFirst().flatMap(Int.init) ?? 1000
        let spread = arguments.first == "--mix" ? Workload.mix.count : count
        let fields = MemorySession.fields(count: count, localeSpread: spread)
        withExtendedLifetime(fields) { print("VmHWM", MemorySession.peakResidentBytes() ?? -1) }
        exit(0)
    case "--profile":
        // One workload alone, for a profiler: `perf record moneyfield-bench --profile render 5`.
        let what = arguments.popFirst() ?? "engine"
        let seconds = arguments.popFirst().flatMap(Double.init) ?? 5
        var fields = Workload.fields()
        var renderer = EngineRenderer()
        let states = workloadStates()
        let inputs = formatInputs(states)
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var checksum = 0
        while DispatchTime.now().uptimeNanoseconds < end {
            switch what {
            case "press": checksum &+= pressWorkload(&fields, keys: Workload.keys)
            case "render": checksum &+= renderStates(states)
            case "format": checksum &+= renderFormatInputs(inputs)
            default: checksum &+= typeWorkload(&fields, keys: Workload.keys, renderer: &renderer)
            }
        }
        print(checksum)
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

line("moneyfield-bench — \(ProcessInfo.processInfo.activeProcessorCount) cores, release build")
line()

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
    if let engine, name != "engine" { text += "×" + number(stats.median / engine.median) + " engine" }
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

var styleFields = Workload.fields()
var style = FormatStyleRenderer(fields: styleFields)
let styleStats = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: keysPerBatch) {
    typeWorkload(&styleFields, keys: Workload.keys, renderer: &style)
}
report("Decimal.FormatStyle.Currency", styleStats, engine: engine)

var freshFields = Workload.fields()
var fresh = FreshNumberFormatterRenderer()
let freshStats = KeyTiming.perKeystroke(seconds: seconds, keysPerBatch: keysPerBatch, minimumBatches: 10) {
    typeWorkload(&freshFields, keys: Workload.keys, renderer: &fresh)
}
report("NumberFormatter made per key", freshStats, engine: engine)
line()
line("  engine by locale (ns/key, median):")
var byLocale: [String] = []
for entry in Workload.mix {
    var fields = [MoneyField(try! FieldConfiguration(locale: entry.locale, currency: entry.currency, allowsNegative: true))]
    var renderer = EngineRenderer()
    let stats = KeyTiming.perKeystroke(seconds: seconds / 5, keysPerBatch: Workload.keys.count * 8) {
        var checksum = 0
        for _ in 0..<8 { checksum &+= typeWorkload(&fields, keys: Workload.keys, renderer: &renderer) }
        return checksum
    }
    byLocale.append("\(entry.locale) \(number(stats.median, 0))")
}
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
let sessionPeak = childPeak(fields: 1000)
let mixPeak = childPeak(fields: 1000, mix: true)
let distinct = MemorySession.distinctLocales(count: 1000, localeSpread: 1000)
let few = MemorySession.distinctLocales(count: 1000, localeSpread: Workload.mix.count)
line(pad("  process with the engine and no field", 58) + "\(number(emptyPeak)) MiB")
line(pad("  1,000 fields in \(distinct) locales, each its own currency", 58)
     + "\(number(sessionPeak)) MiB  (+\(number(sessionPeak - emptyPeak)) MiB)")
line(pad("  1,000 fields over \(few) locales", 58) + "\(number(mixPeak)) MiB  (+\(number(mixPeak - emptyPeak)) MiB)")
line()

// MARK: End to end

line("End to end through `moneyfield test`:")
let endToEnd = EndToEnd.run(moneyfield: moneyfieldPath, scriptCount: quick ? min(scriptCount, 100) : scriptCount,
             coldRuns: quick ? 5 : 20, say: line)
line()

// MARK: check

line("`moneyfield check` throughput:")
CheckThroughput.run(moneyfield: moneyfieldPath, quick: quick, say: line)
line()

// MARK: Summary

line("Targets (aims, not assertions):")
func verdict(_ ok: Bool) -> String { ok ? "met" : "NOT met" }
line("  engine ≤150 ns/keystroke median: \(number(engine.median)) ns — \(verdict(engine.median <= 150))")
line("  ≥8× cached NumberFormatter: ×\(number(cachedStats.median / engine.median)) — \(verdict(cachedStats.median / engine.median >= 8))")
line("  ≥50× FormatStyle: ×\(number(styleStats.median / engine.median)) — \(verdict(styleStats.median / engine.median >= 50))")
line("  ≤30 MiB for 1,000 fields: \(number(sessionPeak)) MiB — " + verdict(sessionPeak <= 30))
if let perSecond = endToEnd.keystrokesPerSecond {
    line("  ≥1 M keystrokes/s through `moneyfield test`: \(number(perSecond / 1e6)) M — \(verdict(perSecond >= 1e6))")
} else {
    line("  ≥1 M keystrokes/s through `moneyfield test`: not measured (see above)")
}
if let ratio = endToEnd.coldStartRatio {
    line("  cold start within 5× of sqlite3: ×\(number(ratio)) — \(verdict(ratio <= 5))")
} else {
    line("  cold start within 5× of sqlite3: not measured (see above)")
}
line("  compiled-format fallbacks so far: \(CurrencyFormat.fallbackKeys.count)")
