import Foundation
import Testing
@testable import moneyfield

@Suite struct HistoryFileTests {
    let home = URL(fileURLWithPath: "/home/ana")

    @Test func moneyfieldHistoryComesFirst() {
        let file = HistoryFile.location(environment: ["MONEYFIELD_HISTORY": "/tmp/h", "XDG_STATE_HOME": "/state"], home: home)
        #expect(file.url.path == "/tmp/h")
    }

    @Test func thenTheXDGStateFolder() {
        let file = HistoryFile.location(environment: ["XDG_STATE_HOME": "/state"], home: home)
        #expect(file.url.path == "/state/moneyfield/history")
    }

    @Test(arguments: [[:], ["MONEYFIELD_HISTORY": "", "XDG_STATE_HOME": ""], ["XDG_STATE_HOME": "relative/state"]])
    func elseTheHomeStateFolder(environment: [String: String]) {
        let file = HistoryFile.location(environment: environment, home: home)
        #expect(file.url.path == "/home/ana/.local/state/moneyfield/history")
    }
}
