import Foundation
import MoneyFieldShell

/// The prompt on a terminal. (Placeholder until the libedit front end lands: reads lines plainly.)
struct InteractiveShell {
    let session: Session
    let console: Console

    func run() throws {
        while true {
            FileHandle.standardOutput.write(Data(session.prompt.utf8))
            guard let line = readLine(strippingNewline: true) else { return }
            let result = session.handle(line)
            console.write(result)
            if result.quits { return }
        }
    }
}
