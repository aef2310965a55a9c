import CRasterKernels
import Glibc
import Synchronization

/// Threads that draw the bands of a frame together (see `Context.init(surface:threads:)`):
/// started once, when the value is made, and parked on a condition variable while there
/// is nothing to draw, so an idle program uses no processor time. While a context made
/// on them records, they wait awake for a millisecond at most, so as to take its bands
/// at once. The thread that asks for work takes part in it, so `count` threads make
/// `count - 1` helpers. Dropping the value stops and joins its helpers. Core Graphics
/// has no such type: its contexts draw on the calling thread only.
public final class RenderThreads: @unchecked Sendable {
    /// How many threads draw a frame, the caller's included: 1 to 64.
    public let count: Int
    private let crew: Crew
    private var helpers: [pthread_t] = []
    /// How many runs the helpers took part in (for tests that bands were drawn).
    package private(set) var sharedRuns = 0
    /// Where the banded flushes drawn on these threads note their times, if anywhere:
    /// set before the threads draw, not while they do.
    package var timeline: FlushTimeline?

    /// The threads used by default: as many as the processors available, at most 8, or
    /// the number in the environment variable `VITRINE_THREADS` (1 to 64; any other value
    /// is ignored). Made on first use.
    public static let shared = RenderThreads(count: RenderThreads.defaultCount())

    /// Starts `count - 1` helper threads (`count` clamped to 1...64). Where the system
    /// will not start one, fewer draw: `count` tells how many do.
    public init(count: Int) {
        let wanted = min(max(count, 1), 64)
        crew = Crew()
        for _ in 1..<wanted {
            guard let thread = crew.start() else { break }
            helpers.append(thread)
        }
        self.count = helpers.count + 1
    }

    deinit {
        crew.stop()
        for thread in helpers { pthread_join(thread, nil) }
    }

    /// Runs `body(i, thread)` for every `i` in `0..<tasks` on these threads, the
    /// caller's included, and returns when all have run. The tasks are taken in order,
    /// each by whichever thread is free, which `thread` numbers: 0 the caller, then the
    /// helpers, below `count`; a thread runs one task at a time. The tasks must not touch
    /// each other's data. While the threads serve another caller, the caller runs its
    /// tasks alone.
    func run(tasks: Int, _ body: @Sendable (_ task: Int, _ thread: Int) -> Void) {
        guard tasks > 0 else { return }
        guard count > 1, tasks > 1, crew.claim() else {
            for i in 0..<tasks { body(i, 0) }
            return
        }
        defer { crew.release() }
        sharedRuns += 1
        withoutActuallyEscaping(body) { escaping in
            crew.run(tasks: tasks, escaping)
        }
    }

    /// Runs `body(i, thread)` for every task `i` of `graph` on these threads, the
    /// caller's included, each after the tasks it depends on, and returns when all have
    /// run. `thread` numbers the threads as `run(tasks:_:)` does. Tasks that run at once
    /// must not touch each other's data.
    func run(_ graph: TaskGraph, _ body: @Sendable (_ task: Int, _ thread: Int) -> Void) {
        run(tasks: min(count, graph.count)) { _, thread in
            while let i = graph.take() {
                body(i, thread)
                graph.finish(i)
            }
        }
    }

    /// Wakes the helpers, to wait awake for work for a moment (`Crew.warmSpin`) instead
    /// of parked: called when a frame begins to be recorded, so that when its bands are
    /// handed out the helpers take them at once, without waking first.
    func warm() { crew.warm() }

    /// `VITRINE_THREADS` when it holds a number from 1 to 64, else the processors
    /// available, at most 8.
    package static func defaultCount() -> Int {
        defaultCount(environment: unsafe getenv("VITRINE_THREADS").map { unsafe String(cString: $0) })
    }

    /// `value` when it is a number from 1 to 64, else the processors available, at most 8.
    package static func defaultCount(environment value: String?) -> Int {
        if let value, let n = Int(value.trimmingSpaces), (1...64).contains(n) { return n }
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return min(max(Int(online), 1), 8)
    }

    /// The kernel's thread ids of the helpers (for tests of their processor time).
    package var helperIDs: [Int32] { crew.threadIDs }

    /// The processor time a thread of this process has used, in clock ticks (user and
    /// system, from `/proc/self/task/ID/stat`); nil where it cannot be read.
    package static func processorTicks(_ id: Int32) -> Int? {
        guard let file = unsafe fopen("/proc/self/task/\(id)/stat", "r") else { return nil }
        defer { unsafe fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard unsafe fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The fields after the command name, which is in parentheses: state is field 3,
        // utime 14 and stime 15.
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var s = self[...]
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}

/// What the helper threads share: the task in hand, guarded by one mutex, and the
/// condition variables they park on. The helpers hold it, not the `RenderThreads` that
/// owns them, so that dropping that value can stop them.
@safe private final class Crew: @unchecked Sendable {
    /// Guards what follows; its conditions `wake` (work or an end for the helpers) and
    /// `done` (the last helper let the job go).
    private let monitor = Monitor(conditions: 2)
    private static let wake = 0, done = 1
    /// Held by the caller the crew serves.
    private let entry = Monitor(conditions: 0)
    // All below guarded by `monitor`.
    private var job: (@Sendable (Int, Int) -> Void)?
    private var generation = 0
    private var next = 0
    private var tasks = 0
    /// Helpers that took the current job and have not let it go.
    private var holders = 0
    private var stopping = false
    /// How many times `warm()` was called.
    private var warmth = 0
    /// The generation, also readable without the mutex: what a helper waiting awake
    /// watches.
    private let announced = Atomic<Int>(0)
    /// The helpers' kernel thread ids, as they start.
    private var ids: [Int32] = []
    /// How many helpers have started: each takes the next number, from 1, to tell the
    /// tasks it runs.
    private var started = 0

    /// Starts a helper thread holding this crew; nil when the system refuses.
    func start() -> pthread_t? {
        var thread = pthread_t()
        // Safe: the retained reference is taken back exactly once, by the thread.
        let context = unsafe Unmanaged.passRetained(self).toOpaque()
        let result = unsafe pthread_create(
            &thread, nil,
            { raw in
                let crew = unsafe Unmanaged<Crew>.fromOpaque(raw!).takeRetainedValue()
                crew.work()
                return nil
            }, context)
        guard result == 0 else {
            unsafe Unmanaged<Crew>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// Takes the crew for one caller; false when another has it.
    func claim() -> Bool { entry.tryLock() }

    /// Lets the crew serve another caller.
    func release() { entry.unlock() }

    /// How long a helper woken by `warm()` waits awake for work, in seconds, before it
    /// parks again: longer than the gallery's page takes to record (0.2-0.45 ms on two
    /// threads), short enough that a context that never hands out bands costs little.
    static let warmSpin = 0.001

    /// Wakes the parked helpers to wait awake for the next job.
    func warm() {
        monitor.lock()
        warmth &+= 1
        monitor.broadcast(Crew.wake)
        monitor.unlock()
    }

    /// Waits awake, without the mutex, until a job later than `seen` is announced or
    /// `warmSpin` has passed.
    private func spin(after seen: Int) {
        let deadline = FlushTimeline.now() + Crew.warmSpin
        while announced.load(ordering: .acquiring) == seen {
            for _ in 0..<64 { crk_spin_pause() }
            if FlushTimeline.now() > deadline { return }
        }
    }

    /// Asks the helpers to end once they are parked.
    func stop() {
        monitor.lock()
        stopping = true
        monitor.broadcast(Crew.wake)
        monitor.unlock()
    }

    /// Hands out `tasks` tasks of `body` and takes some itself, until all have ended and
    /// no helper holds `body` any more.
    func run(tasks count: Int, _ body: @escaping @Sendable (Int, Int) -> Void) {
        monitor.lock()
        job = body
        tasks = count
        next = 0
        generation &+= 1
        let mine = generation
        announced.store(mine, ordering: .releasing)
        monitor.broadcast(Crew.wake)
        monitor.unlock()
        take(generation: mine, thread: 0)
        monitor.lock()
        while next < tasks || holders > 0 { monitor.wait(Crew.done) }
        job = nil
        monitor.unlock()
    }

    /// The calling thread's kernel id, read from the link `/proc/thread-self`
    /// ("PID/task/TID"); nil where there is no such file.
    static func currentThreadID() -> Int32? {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = unsafe readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let text = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "/").last.flatMap { Int32($0) }
    }

    /// The kernel thread ids of the helpers started so far.
    var threadIDs: [Int32] {
        monitor.lock()
        defer { monitor.unlock() }
        return ids
    }

    /// A helper's life: park until there is work or an end, then take tasks.
    private func work() {
        var seen = 0
        monitor.lock()
        if let id = Crew.currentThreadID() { ids.append(id) }
        started += 1
        let me = started
        var warmed = 0
        while true {
            while generation == seen && !stopping && warmth == warmed { monitor.wait(Crew.wake) }
            if stopping { break }
            if generation == seen {
                // Woken to wait awake for the job about to come.
                warmed = warmth
                monitor.unlock()
                spin(after: seen)
                monitor.lock()
                continue
            }
            seen = generation
            // A job ends the wait that warming asked for.
            warmed = warmth
            guard job != nil else { continue }
            // Counted while it may hold the job, so that `run` returns only after.
            holders += 1
            monitor.unlock()
            take(generation: seen, thread: me)
            monitor.lock()
            holders -= 1
            if holders == 0 { monitor.broadcast(Crew.done) }
        }
        monitor.unlock()
    }

    /// Takes tasks of the job of `generation` until none are left; a helper that woke
    /// late takes none of a later job's. Every reference to the job ends with the call.
    private func take(generation mine: Int, thread: Int) {
        while true {
            monitor.lock()
            guard generation == mine, next < tasks, let body = job else {
                monitor.unlock()
                return
            }
            let i = next
            next += 1
            monitor.unlock()
            body(i, thread)
        }
    }
}
