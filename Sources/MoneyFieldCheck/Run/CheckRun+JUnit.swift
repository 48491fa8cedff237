import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import Synchronization

extension CheckRun.Summary {
    /// A JUnit report: one testcase per session judged; an unsupported one is skipped.
    package func junit() -> String {
        var report = JUnitReport(suitesName: "moneyfield check", suiteName: "moneyfield check")
        for result in results {
            let configuration = result.session.configuration
            let verdict: JUnitReport.Verdict
            switch result.verdict {
            case .agrees:
                verdict = .passed
            case .unsupported(let request):
                verdict = .skipped(message: "unsupported by the adapter: " + request)
            case .differs(let example, let difference, let behaviour, _, _, _):
                let message = Checker.line(example: example, difference: difference)
                // Past a caret difference tapped over, each further one too.
                var body = message + "\n" + behaviour.words
                for case .differs(let example, let difference, let behaviour, _, _, _) in result.further {
                    body += "\n" + Checker.line(example: example, difference: difference) + "\n" + behaviour.words
                }
                verdict = .failed(message: message, type: "disagreement", body: body)
            }
            report.cases.append(JUnitReport.Case(name: "session \(result.index) \(configuration.locale)/\(configuration.currency)",
                                                 classname: "moneyfield.check", verdict: verdict))
        }
        return report.xml
    }
}
