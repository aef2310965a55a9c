import Glibc
import Synchronization

/// The times of the banded flushes drawn on a `RenderThreads` that holds it
/// (`RenderThreads.timeline`): when each flush began (its operations recorded), when it
/// handed out its tasks, each task's thread, start and end, and when the last ended. It
/// shows where a frame on several threads spends its time (`raster-bench --timeline`):
/// how long the calling thread records alone, how late a helper starts, how long the
/// threads wait for each other. Without one, flushes note nothing. Core Graphics has no
/// such type.
package final class FlushTimeline: Sendable {
    /// One task of a flush: what it did, on which thread (0 the caller), from when to
    /// when, in seconds of `FlushTimeline.now()`.
    package struct Task: Equatable, Sendable {
        package enum Kind: Equatable, Sendable {
            /// A band's drawing.
            case draw(band: Int)
            /// Part of a shared blur's rows, or of its columns.
            case blurRows, blurColumns
        }
        package var kind: Kind
        package var thread: Int
        package var start: Double
        package var end: Double
    }

    /// One banded flush.
    package struct Flush: Sendable {
        /// When `flush()` began, when it handed out its tasks, and when the last ended.
        package var entered: Double, handedOut: Double, ended: Double
        /// Its tasks, in the order of its plan.
        package var tasks: [Task]
    }

    /// The flushes ended, and the tasks of the one in hand.
    private let state = Mutex<(flushes: [Flush], tasks: [Task?])>(([], []))

    package init() {}

    /// The monotonic clock, in seconds.
    package static func now() -> Double {
        var t = timespec()
        unsafe clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// A flush is about to hand out `count` tasks.
    func begin(tasks count: Int) {
        state.withLock { $0.tasks = Array(repeating: nil, count: count) }
    }

    /// Task `i` of the flush begun last ran as `task` tells.
    func note(_ i: Int, _ task: Task) {
        state.withLock { if i >= 0 && i < $0.tasks.count { $0.tasks[i] = task } }
    }

    /// The flush begun last has ended.
    func end(entered: Double, handedOut: Double, ended: Double) {
        state.withLock {
            $0.flushes.append(
                Flush(entered: entered, handedOut: handedOut, ended: ended, tasks: $0.tasks.compactMap { $0 }))
            $0.tasks = []
        }
    }

    /// The flushes noted since the last call, oldest first.
    package func take() -> [Flush] {
        state.withLock {
            let taken = $0.flushes
            $0.flushes = []
            return taken
        }
    }
}
