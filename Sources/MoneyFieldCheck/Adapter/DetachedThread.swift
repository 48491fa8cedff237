import Foundation
import MoneyFieldEngine
@_spi(Tools) import MoneyFieldIO
@_spi(Tools) import MoneyFieldShell
import Synchronization

/// Runs `body` on a detached thread of its own, as Foundation's `Thread` did (it blocks in read
/// for as long as the adapter lives, so it gets no worker of a shared pool).
func detachThread(_ body: @escaping @Sendable () -> Void) {
    final class Start {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Start(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    // The two C libraries type the thread and the start routine's argument differently.
    #if canImport(Darwin)
    var thread: pthread_t?
    let failed = pthread_create(&thread, &attributes, { context in
        Unmanaged<Start>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }, context)
    #else
    var thread = pthread_t()
    let failed = pthread_create(&thread, &attributes, { context in
        Unmanaged<Start>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }, context)
    #endif
    if failed != 0 { Unmanaged<Start>.fromOpaque(context).release() }
}
