import Dispatch

// libdispatch's run-loop integration, the two calls Foundation's run loop makes on Linux
// to serve the main queue from a loop of its own: the descriptor that becomes readable
// when work is queued (an eventfd on Linux), and the call that runs what is queued.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32
@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// The main dispatch queue, on which Swift runs the main actor's jobs, served by the
/// window's loop when it runs on the process's main thread (a program whose `main` runs
/// the window): it waits on the queue's descriptor beside the display's and runs what
/// was queued before each frame. So `Task { @MainActor in ... }`, `await` in an action
/// and `DispatchQueue.main.async` work while the loop waits in `poll`, as they do under
/// a run loop.
///
/// A process whose main thread is parked in `dispatchMain` (an `async` main, a test
/// runner) runs the main actor's jobs on Dispatch's own threads; there Dispatch serves
/// the queue, and these calls, which libdispatch allows on the main thread alone, are
/// not made.
@MainActor
enum MainQueue {
    /// Whether the loop runs on the process's main thread, where it serves the queue.
    static let served = Syscalls.onMainThread
    /// The descriptors that are readable while work is queued: one when served, none
    /// otherwise.
    static let descriptors: [Int32] = served ? [dispatchMainQueueHandle()] : []
    private static var draining = false

    /// Runs the work queued on the main queue (main-actor jobs included), when served and
    /// not called from within that work.
    static func drain() {
        guard served, !draining else { return }
        draining = true
        defer { draining = false }
        // The queue's eventfd stays readable until its count is read (a run loop reads it
        // before the callback): unread, every later `poll` would return at once.
        for fd in descriptors { Syscalls.takeEventCount(fd) }
        dispatchMainQueueCallback(nil)
    }
}
