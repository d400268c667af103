import Container
import Foundation
@testable import KeyValueStore
@testable import Storage
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The gate between a store's two writing connections in main (the app's and a background
/// import's). Each test runs on threads of its own, not the test pool's.
@Suite("WriterGate: one writer at a time, in the order they asked")
struct WriterGateTests {
    @Test("A writer that asks again the moment its turn ends goes behind the one already waiting",
          .timeLimit(.minutes(5)))
    func theWaiterGoesFirst() async {
        // An import's connection unlocks after a batch and asks again at once; a setting changed
        // meanwhile must not wait out its timeout behind batch after batch.
        let outcome = await onThread { () -> (relocked: Bool, waiterHeldFirst: Bool, waiterGot: Bool) in
            let gate = WriterGate()
            _ = gate.lock(timeoutMilliseconds: 0)
            let held = Shared(false), got = Shared(false)
            let done = DispatchSemaphore(value: 0)
            DetachedThread {
                let locked = gate.lock(timeoutMilliseconds: 5000)
                if locked {
                    held.value = true
                    usleep(20_000)
                    gate.unlock()
                }
                got.value = locked
                done.signal()
            }.start()
            usleep(100_000)  // the other writer is waiting now
            gate.unlock()
            let relocked = gate.lock(timeoutMilliseconds: 5000)
            let waiterHeldFirst = held.value
            if relocked { gate.unlock() }
            done.wait()
            return (relocked, waiterHeldFirst, got.value)
        }
        #expect(outcome.relocked && outcome.waiterGot, "\(outcome)")
        #expect(outcome.waiterHeldFirst, "the writer that asked again took the turn of the one waiting")
    }

    @Test("A waiter that gives up leaves the line: the one behind it gets the gate when it is free",
          .timeLimit(.minutes(5)))
    func aTimedOutWaiterDoesNotStrandTheNext() async {
        let outcome = await onThread { () -> (first: Bool, second: Bool) in
            let gate = WriterGate()
            #expect(gate.lock(timeoutMilliseconds: 0))
            let firstDone = DispatchSemaphore(value: 0), secondDone = DispatchSemaphore(value: 0)
            let first = Shared(true), second = Shared(false)
            DetachedThread {
                first.value = gate.lock(timeoutMilliseconds: 100)
                firstDone.signal()
            }.start()
            usleep(30_000)  // the first in line before the second
            DetachedThread {
                let got = gate.lock(timeoutMilliseconds: 5000)
                second.value = got
                if got { gate.unlock() }
                secondDone.signal()
            }.start()
            firstDone.wait()  // it gave up while the gate was held
            usleep(50_000)
            gate.unlock()
            secondDone.wait()
            return (first.value, second.value)
        }
        #expect(!outcome.first, "the first waiter should have timed out while the gate was held")
        #expect(outcome.second, "the waiter behind one that gave up never got the gate")
    }

    @Test("The owner may lock again inside its turn; others wait until its last unlock", .timeLimit(.minutes(5)))
    func recursiveForItsOwner() async {
        let outcome = await onThread { () -> (nested: Bool, whileHeld: Bool, afterwards: Bool) in
            let gate = WriterGate()
            _ = gate.lock(timeoutMilliseconds: 0)
            let nested = gate.lock(timeoutMilliseconds: 0)
            gate.unlock()
            let other = { () -> Bool in
                let done = DispatchSemaphore(value: 0)
                let got = Shared(false)
                DetachedThread {
                    let locked = gate.lock(timeoutMilliseconds: 50)
                    if locked { gate.unlock() }
                    got.value = locked
                    done.signal()
                }.start()
                done.wait()
                return got.value
            }
            let whileHeld = other()
            gate.unlock()
            return (nested, whileHeld, other())
        }
        #expect(outcome.nested && !outcome.whileHeld && outcome.afterwards, "\(outcome)")
    }
}

/// A value the test's threads share, behind a lock.
private final class Shared<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    func update<R>(_ change: (inout T) -> R) -> R { lock.withLock { change(&stored) } }
}
