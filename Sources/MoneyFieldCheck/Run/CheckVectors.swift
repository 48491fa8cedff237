import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// `moneyfield vectors`: the plan's sessions as JSON Lines test vectors.
package enum CheckVectors {
    package static func line(for session: CheckPlan.Session) throws(CommandError) -> String {
        let answers = try FieldAnswer.reference(for: session)
        let configuration = "{" + AdapterRequest.fields(of: try session.configuration.fieldConfiguration()) + "}"
        return "{\"config\":\(configuration),\"keys\":[\(session.keys.map { JSON.string($0.protocolName) }.joined(separator: ","))],"
            + "\"initial\":\(answers[0].json),\"expected\":[\(answers.dropFirst().map(\.json).joined(separator: ","))]}"
    }
}
