import MoneyFieldEngine
@_spi(Tools) import MoneyFieldShell
@_spi(Tools) import MoneyFieldIO

/// The zoo in process, as `check` plays an adapter.
package final class ZooAdapter: FieldAdapter {
    private var field: PlantedField
    package private(set) var replies = 0
    /// Whether it answers `tap` (else `{"unsupported":true}`, as an adapter with no way to put its caret).
    let answersTap: Bool
    /// Its reply to `new` lists `"takes":["tap"]` when it answers tap, as `moneyfield adapter`'s does.
    package private(set) var takes: Set<OptionalRequest> = []

    package init(_ defects: [PlantedDefect], answersTap: Bool = true) {
        field = PlantedField(defects)
        self.answersTap = answersTap
    }

    package func ask(_ request: AdapterRequest) throws(Adapter.Failure) -> Adapter.Reply {
        replies += 1
        switch request {
        case .new(let configuration):
            takes = answersTap ? [.tap] : []
            return .answer(field.new(configuration))
        case .key(let key):
            guard let answer = field.press(key) else { throw .broke(request: request.line, problem: .unasked("no field"), stderr: "") }
            return .answer(answer)
        case .tap(let offset):
            guard answersTap else { return .unsupported }
            guard let answer = field.tap(offset) else { throw .broke(request: request.line, problem: .unasked("no field or an offset outside it"), stderr: "") }
            return .answer(answer)
        case .quit:
            return .unsupported
        }
    }

    package func stop() {}
}
