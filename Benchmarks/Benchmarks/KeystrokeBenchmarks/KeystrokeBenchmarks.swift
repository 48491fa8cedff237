import Benchmark
import BenchmarkSupport
import MoneyFieldEngine

// The keystroke workloads of moneyfield-bench under ordo-one/benchmark, one keystroke per
// iteration, for malloc and ARC counts per key and for baseline comparisons across commits.

/// Walks the workload one key at a time, field after field, as an operator would.
struct KeystrokeCursor<R: Renderer> {
    var fields = Workload.fields()
    var renderer: R
    var field = 0
    var key = 0

    @inline(__always)
    mutating func step() -> Int {
        try? fields[field].press(Workload.keys[key])
        let rendering = renderer.render(fields[field], at: field)
        key += 1
        if key == Workload.keys.count {
            key = 0
            field = (field + 1) % fields.count
        }
        return rendering.caretOffset &+ rendering.display.utf8.count
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .instructions],
        timeUnits: .nanoseconds,
        maxDuration: .seconds(2))

    Benchmark("engine keystroke", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var cursor = KeystrokeCursor(renderer: EngineRenderer())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(cursor.step()) }
    }

    Benchmark("engine press only", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var fields = Workload.fields()
        var key = 0
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            let field = (iteration / Workload.keys.count) % fields.count
            try? fields[field].press(Workload.keys[key])
            key = key + 1 == Workload.keys.count ? 0 : key + 1
            blackHole(fields[field].state.caretSlotsFromEnd)
        }
    }

    Benchmark("engine rendering only", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let states = workloadStates()
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations { blackHole(states[iteration % states.count].rendering) }
    }

    Benchmark("cached NumberFormatter keystroke", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var cursor = KeystrokeCursor(renderer: CachedNumberFormatterRenderer(fields: Workload.fields()))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(cursor.step()) }
    }

    Benchmark("FormatStyle keystroke", configuration: .init(scalingFactor: .kilo)) { benchmark in
        var cursor = KeystrokeCursor(renderer: FormatStyleRenderer(fields: Workload.fields()))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(cursor.step()) }
    }

    Benchmark("NumberFormatter per key keystroke") { benchmark in
        var cursor = KeystrokeCursor(renderer: FreshNumberFormatterRenderer())
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(cursor.step()) }
    }
}
