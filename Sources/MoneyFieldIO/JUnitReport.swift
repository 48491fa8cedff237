/// A JUnit XML report as CI servers read it: the one writer `test` and `check` share.
package struct JUnitReport {
    package enum Verdict {
        case passed
        case failed(message: String, type: String, body: String)
        case error(message: String)
        case skipped(message: String)
    }

    package struct Case {
        package var name: String
        package var classname: String
        package var file: String?
        /// Seconds, when measured.
        package var time: Double?
        package var verdict: Verdict

        package init(name: String, classname: String, file: String? = nil, time: Double? = nil, verdict: Verdict) {
            self.name = name
            self.classname = classname
            self.file = file
            self.time = time
            self.verdict = verdict
        }
    }

    package var suitesName: String
    package var suiteName: String
    package var cases: [Case] = []

    package init(suitesName: String, suiteName: String, cases: [Case] = []) {
        self.suitesName = suitesName
        self.suiteName = suiteName
        self.cases = cases
    }

    package var xml: String {
        var failures = 0, errors = 0, skipped = 0
        for testCase in cases {
            switch testCase.verdict {
            case .passed: break
            case .failed: failures += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
        }
        let times = cases.compactMap(\.time)
        let time = times.isEmpty ? "" : " time=\"\(Self.seconds(times.reduce(0, +)))\""
        let skips = skipped > 0 ? " skipped=\"\(skipped)\"" : ""
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\"\(skips)\(time)"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\(XML.attribute(suitesName)) \(counts)>\n<testsuite name=\(XML.attribute(suiteName)) \(counts)>\n"
        for testCase in cases {
            var attributes = "classname=\(XML.attribute(testCase.classname)) name=\(XML.attribute(testCase.name))"
            if let file = testCase.file { attributes += " file=\(XML.attribute(file))" }
            if let seconds = testCase.time { attributes += " time=\"\(Self.seconds(seconds))\"" }
            switch testCase.verdict {
            case .passed:
                xml += "  <testcase \(attributes)/>\n"
            case .failed(let message, let type, let body):
                xml += "  <testcase \(attributes)>\n    <failure message=\(XML.attribute(message)) type=\(XML.attribute(type))>\(XML.text(body))</failure>\n  </testcase>\n"
            case .error(let message):
                xml += "  <testcase \(attributes)>\n    <error message=\(XML.attribute(message))/>\n  </testcase>\n"
            case .skipped(let message):
                xml += "  <testcase \(attributes)>\n    <skipped message=\(XML.attribute(message))/>\n  </testcase>\n"
            }
        }
        return xml + "</testsuite>\n</testsuites>\n"
    }

    static func seconds(_ value: Double) -> String { value.fixedPoint(fractionDigits: 3) }
}
