import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell

/// What `check` plays sessions on: the adapter process, or (in tests) a field in this process.
package protocol FieldAdapter: AnyObject {
    /// Sends a request and returns its checked reply.
    func ask(_ request: AdapterRequest) throws(Adapter.Failure) -> Adapter.Reply
    /// Replies read so far: none means it never started talking.
    var replies: Int { get }
    /// The optional requests (SPEC §4) its reply to the last `new` listed in `"takes"`: `check`
    /// sends it no other.
    var takes: Set<OptionalRequest> { get }
    /// Ends it (its whole process group, for a process).
    func stop()
    /// Throws when it is out of step: a line came that nobody asked for (checked before a
    /// difference of a new `signature` counts; the signature is worked out only if it is asked).
    func confirmInStep(signature: @autoclosure () -> String) throws(Adapter.Failure)
    /// What it said (on stderr) when it refused a `new`, if anything.
    func reasonForRefusing() -> String
}

extension FieldAdapter {
    package func confirmInStep(signature: @autoclosure () -> String) throws(Adapter.Failure) {}
    package func reasonForRefusing() -> String { "" }
}

extension Adapter: FieldAdapter {}
