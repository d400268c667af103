import Container
import Cryptography
#if canImport(Glibc)
import Glibc
#endif

/// What `addMessages` computes for a message before SQLite sees it: its history key, its sealed
/// value and its search-index hashes. None of it needs the database, so a large batch has it
/// computed on a second thread while the writer inserts the messages before: the writer then goes
/// at SQLite's pace (sealing and hashing were a quarter of main's ingest), and when reading
/// extensions load the cores, the ingest has two threads' share of them instead of one. A small
/// batch (a live send) is prepared in line, without a thread.
///
/// The writer takes the messages in the order given, each once (`next()`), and always ends with
/// `finish()`, which stops the thread early if the writer gave up (a failed transaction).
final class MessageWritePreparation: @unchecked Sendable {
    struct Prepared {
        var key: ValueBoxKey
        var sealed: [UInt8]
        /// The search index's hashes of its words; empty for a message the index does not keep.
        var hashes: [UInt64]
    }

    /// Batches of at least this many messages are prepared on a thread.
    static let threadedFrom = 256
    /// Messages the thread prepares between two hand-overs (each takes the lock once).
    static let step = 64

    private let messages: [Message]
    private let preparer: MessagePreparer
    private var thread: JoinableThread?
    /// Slots the thread initialises in order and the writer moves out of in order.
    private let slots: UnsafeMutablePointer<Prepared>
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let handedOver = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Under `lock`: how many slots the thread has filled, and whether the writer gave up.
    private var filled = 0
    private var stopped = false
    /// The writer's own: slots taken, and the last `filled` it saw.
    private var taken = 0
    private var seenFilled = 0

    init(_ messages: [Message], preparer: MessagePreparer) {
        self.messages = messages
        self.preparer = preparer
        slots = .allocate(capacity: max(1, messages.count))
        pthread_mutex_init(lock, nil)
        pthread_cond_init(handedOver, nil)
        guard messages.count >= Self.threadedFrom else { return }
        let thread = JoinableThread { [self] in prepareAll() }
        if thread.start() { self.thread = thread }
    }

    deinit {
        finish()
        pthread_cond_destroy(handedOver)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        handedOver.deallocate()
        slots.deallocate()
    }

    /// The next message's preparation, in the order of the messages given.
    func next() -> Prepared {
        precondition(taken < messages.count, "more preparations taken than messages given")
        guard thread != nil else {
            taken += 1
            return preparer.prepare(messages[taken - 1])
        }
        if taken >= seenFilled {
            pthread_mutex_lock(lock)
            while filled <= taken { pthread_cond_wait(handedOver, lock) }
            seenFilled = filled
            pthread_mutex_unlock(lock)
        }
        taken += 1
        return (slots + taken - 1).move()
    }

    /// Stops the thread (after the step it is in) and waits for it; the slots it filled that the
    /// writer did not take are released. Called again, does nothing.
    func finish() {
        guard let thread else { return }
        pthread_mutex_lock(lock)
        stopped = true
        pthread_mutex_unlock(lock)
        thread.join()
        self.thread = nil
        if filled > taken { (slots + taken).deinitialize(count: filled - taken) }
        taken = messages.count
    }

    private func prepareAll() {
        var done = 0
        while done < messages.count {
            let end = min(messages.count, done + Self.step)
            for i in done..<end { (slots + i).initialize(to: preparer.prepare(messages[i])) }
            done = end
            pthread_mutex_lock(lock)
            filled = done
            let giveUp = stopped
            pthread_cond_signal(handedOver)
            pthread_mutex_unlock(lock)
            if giveUp { return }
        }
    }
}

/// The sealer and search hasher that prepare messages off the writer's thread; neither is
/// thread-safe, so they are this Postbox's second pair, used by one batch at a time (the writer's
/// transactions run one after another).
final class MessagePreparer: @unchecked Sendable {
    private let sealer: ValueSealer
    private let hasher: SearchIndexHasher
    /// The hashes are gathered here and copied out at their size: one allocation a message, not
    /// the four or five of an array grown hash by hash (1.5 k of the preparing thread's 11.7 k
    /// instructions a message).
    private var scratchHashes: [UInt64] = []

    init(sealer: ValueSealer, hasher: SearchIndexHasher) {
        self.sealer = sealer
        self.hasher = hasher
    }

    func prepare(_ message: Message) -> MessageWritePreparation.Prepared {
        let key = PostboxKeys.message(message.index)
        let sealed = ValueBox.seal(PostboxTable.messageHistory, key, message.encoded(), with: sealer)
        var hashes: [UInt64] = []
        if SearchIndexWriter.isIndexed(message) {
            hasher.hashes(of: message.text, into: &scratchHashes)
            // A copy of exactly this size. (`Array(scratchHashes)` would share the scratch buffer,
            // so the next message's removeAll(keepingCapacity:) made a new scratch-sized buffer
            // for every message: main seed's peak RSS went from 87 to 199 MiB.)
            let count = scratchHashes.count
            if count > 0 {
                hashes = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
                    _ = buffer.initialize(from: scratchHashes)
                    initialized = count
                }
            }
        }
        return MessageWritePreparation.Prepared(key: key, sealed: sealed, hashes: hashes)
    }
}
