@testable import TelegramCore
import Testing

/// The interface's requests to the listener's connection: one unanswered request a key, answers
/// taken once, and a request given up after its patience (any, or only one not yet gone out),
/// whose late answer is then dropped.
@Suite("Requests for the connection: queued, answered once, given up")
struct ConnectionRequestsTests {
    @Test func answeredOnceAndOneAtATimeByKey() {
        let requests = ConnectionRequests<String, Int, String>()
        #expect(requests.enqueue("a", 1) && !requests.enqueue("a", 2) && requests.enqueue("b", 3))
        #expect(requests.take("a", patience: 60, waitingOnly: false) { "expired" } == nil)
        var ran: [Int] = []
        var changes = 0
        requests.run({ ran.append($0); return "answer \($0)" }, changed: { changes += 1 })
        #expect(ran == [1, 3] && changes == 2)
        #expect(requests.take("a", patience: 60, waitingOnly: false) { "expired" } == "answer 1")
        #expect(requests.take("a", patience: 60, waitingOnly: false) { "expired" } == nil, "taken once")
        #expect(requests.enqueue("a", 4), "answered: may be asked again")
    }

    @Test func givenUpAfterPatience() {
        let requests = ConnectionRequests<Int, Int, String>()
        _ = requests.enqueue(1, 1)
        #expect(requests.take(1, patience: 0, waitingOnly: true) { "no connection" } == "no connection")
        var ran: [Int] = []
        requests.run({ ran.append($0); return "late" }, changed: {})
        #expect(ran.isEmpty, "a given-up request does not go out")
        // One on its way: waitingOnly keeps waiting for it; otherwise its late answer is dropped.
        _ = requests.enqueue(2, 2)
        _ = requests.enqueue(3, 3)
        requests.run({ n in
            #expect(requests.take(n, patience: 0, waitingOnly: true) { "gave up" } == nil)
            if n == 3 { #expect(requests.take(n, patience: 0, waitingOnly: false) { "gave up" } == "gave up") }
            return "answer \(n)"
        }, changed: {})
        #expect(requests.take(2, patience: 0, waitingOnly: true) { "gave up" } == "answer 2")
        #expect(requests.take(3, patience: 0, waitingOnly: false) { "gave up" } == nil, "the late answer was dropped")
    }
}
