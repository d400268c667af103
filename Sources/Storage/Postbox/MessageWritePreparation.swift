import Container
import Cryptography
import KeyValueStore
#if canImport(Glibc)
import Glibc
#endif

/// What `addMessages` computes for a message before SQLite sees it: its history key, its sealed
/// value and its search-index postings (gathered for the whole batch). None of it needs the
/// database, so a large batch has it computed on a second thread while the writer inserts the
/// messages before: the writer then goes at SQLite's pace (sealing and hashing were a quarter of
/// main's ingest), and when reading extensions load the cores, the ingest has two threads' share
/// of them instead of one. A small batch (a live send) is prepared in line, without a thread.
///
/// The writer takes the messages in `order` (positions in `messages`), each once (`next(_:)`), and
/// always ends with `finish()`, which stops the thread early if the writer gave up (a failed
/// transaction). After the last `next(_:)` and `finish()`, `additions` are the batch's postings.
final class MessageWritePreparation: @unchecked Sendable {
    /// A message's history key and sealed value, as the writer inserts it.
    typealias Prepared = ValueBox.SealedRow

    /// Batches of at least this many messages are prepared on a thread.
    static let threadedFrom = 256
    /// Messages the thread prepares between two hand-overs (each takes the lock once).
    static let step = 64

    private let messages: [Message]
    private let order: [Int]
    /// The index's state for this transaction: which messages it keeps (nil: none).
    private let indexState: SearchIndexState?
    private let preparer: MessagePreparer
    /// The postings of the messages prepared so far: the thread's while it runs, then the writer's.
    private var gathered = PostingAdditions()
    private var thread: JoinableThread?
    /// Slots the thread initialises in order, the writer reads in place in order, and the thread
    /// then releases: the writer's thread frees none of what the preparing thread allocated (two
    /// arrays a message, released and freed across threads, were 4 % of the writer's work).
    private let slots: UnsafeMutablePointer<Prepared>
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The thread has filled more slots; the writer is done with more.
    private let handedOver = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let handedBack = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Under `lock`: slots the thread has filled; slots the writer is done with; whether the
    /// writer has finished (or gave up).
    private var filled = 0
    private var released = 0
    private var stopped = false
    /// The writer's own: slots taken, the last `filled` it saw, the last `released` it told.
    private var taken = 0
    /// In line: the first slot of the group taken last (released at the next take).
    private var groupStart = 0
    private var seenFilled = 0
    private var toldReleased = 0
    private var finished = false

    init(_ messages: [Message], order: [Int], indexState: SearchIndexState?, preparer: MessagePreparer) {
        precondition(order.count == messages.count, "every message once")
        self.messages = messages
        self.order = order
        self.indexState = indexState
        self.preparer = preparer
        slots = .allocate(capacity: max(1, messages.count))
        pthread_mutex_init(lock, nil)
        pthread_cond_init(handedOver, nil)
        pthread_cond_init(handedBack, nil)
        guard messages.count >= Self.threadedFrom else { return }
        let thread = JoinableThread { [self] in prepareAll() }
        if thread.start() { self.thread = thread }
    }

    deinit {
        finish()
        pthread_cond_destroy(handedOver)
        pthread_cond_destroy(handedBack)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        handedOver.deallocate()
        handedBack.deallocate()
        slots.deallocate()
    }

    /// The next `count` messages' preparations, in `order`: valid until the next call, or
    /// `finish()`. The writer inserts them with one statement.
    func next(_ count: Int) -> UnsafeBufferPointer<Prepared> {
        precondition(count > 0 && taken + count <= messages.count && !finished, "more preparations taken than messages given")
        let start = taken
        guard thread != nil else {
            // In line: the group taken before is released here, this one prepared.
            (slots + groupStart).deinitialize(count: taken - groupStart)
            for i in start..<start + count {
                (slots + i).initialize(to: preparer.prepare(messages[order[i]], indexState: indexState, into: &gathered))
            }
            groupStart = start
            taken = start + count
            return UnsafeBufferPointer(start: slots + start, count: count)
        }
        // The slots before these go back to the thread a step at a time; the lock is taken then,
        // or when the writer has caught up with the thread.
        if start + count > seenFilled || start - toldReleased >= Self.step {
            pthread_mutex_lock(lock)
            released = start
            toldReleased = start
            pthread_cond_signal(handedBack)
            while filled < start + count { pthread_cond_wait(handedOver, lock) }
            seenFilled = filled
            pthread_mutex_unlock(lock)
        }
        taken = start + count
        return UnsafeBufferPointer(start: slots + start, count: count)
    }

    /// The writer is done: the thread releases what is left (what the writer took, and what it
    /// filled that the writer did not take, when the writer gave up) and ends; this waits for it.
    /// Called again, does nothing.
    func finish() {
        guard !finished else { return }
        finished = true
        guard let thread else {
            (slots + groupStart).deinitialize(count: taken - groupStart)
            return
        }
        pthread_mutex_lock(lock)
        stopped = true
        pthread_cond_signal(handedBack)
        pthread_mutex_unlock(lock)
        thread.join()
        self.thread = nil
    }

    /// The postings of every message, once all were taken and `finish()` has returned.
    var additions: PostingAdditions {
        precondition(finished && thread == nil && taken == messages.count, "the postings are whole once every message is prepared")
        return gathered
    }

    /// Prepares every message a step at a time, releasing the slots the writer is done with as it
    /// goes; then waits for the writer, releasing, until it finishes.
    private func prepareAll() {
        var prepared = 0
        var freed = 0
        while true {
            if prepared < messages.count {
                let end = min(messages.count, prepared + Self.step)
                for i in prepared..<end { (slots + i).initialize(to: preparer.prepare(messages[order[i]], indexState: indexState, into: &gathered)) }
                prepared = end
            }
            pthread_mutex_lock(lock)
            filled = prepared
            pthread_cond_signal(handedOver)
            while !stopped && prepared == messages.count && released == freed { pthread_cond_wait(handedBack, lock) }
            // Once the writer has stopped, every filled slot is the thread's to release.
            let upTo = stopped ? prepared : released
            let stop = stopped
            pthread_mutex_unlock(lock)
            if upTo > freed {
                (slots + freed).deinitialize(count: upTo - freed)
                freed = upTo
            }
            if stop { return }
        }
    }
}

/// The sealer and search hasher that prepare messages off the writer's thread; neither is
/// thread-safe, so they are this Postbox's second pair, used by one batch at a time (the writer's
/// transactions run one after another).
final class MessagePreparer: @unchecked Sendable {
    private let sealer: ValueSealer
    private let hasher: SearchIndexHasher
    /// A message's hashes, gathered here and added to the batch's postings: no array a message.
    private var scratchHashes: [UInt64] = []

    init(sealer: ValueSealer, hasher: SearchIndexHasher) {
        self.sealer = sealer
        self.hasher = hasher
    }

    /// The message's key and sealed value; its postings go into `additions` when the index keeps it.
    func prepare(_ message: Message, indexState: SearchIndexState?, into additions: inout PostingAdditions) -> MessageWritePreparation.Prepared {
        let key = PostboxKeys.message(message.index)
        let sealed = ValueBox.seal(PostboxTable.messageHistory, key, message.encoded(), with: sealer)
        if SearchIndexWriter.isIndexed(message), indexState?.covers(key) == true {
            hasher.hashes(of: MessageSummary.searchableText(of: message), into: &scratchHashes)
            additions.add(message.index, hashes: scratchHashes)
        }
        return MessageWritePreparation.Prepared(key: key, sealed: sealed)
    }
}
