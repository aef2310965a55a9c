/// Tasks some of which must wait for others (a band's drawing after a blur, the blur's
/// columns after its rows), for `RenderThreads.run(_:_:)`: each thread takes the first
/// task, in order, that is not taken and whose dependencies have all run.
///
/// Every dependency is an earlier task, so the first task not taken depends only on
/// tasks taken, which have run or are running: a thread that finds nothing ready waits
/// only for a task in hand on another thread, and one thread alone runs the tasks in
/// order without ever waiting. A waiting thread sleeps on a condition variable: on a
/// machine of two virtual cores, a thread spinning slowed the other's drawing more
/// than the wake-up costs.
final class TaskGraph: @unchecked Sendable {
    /// How many tasks there are.
    let count: Int
    /// For each task, the tasks that wait for it.
    private let dependents: [[Int]]
    /// Guards what follows; its one condition: a task became ready.
    private let monitor = Monitor(conditions: 1)
    // All below guarded by `monitor`.
    /// Whether each task is taken.
    private var taken: [Bool]
    /// For each task, how many of its dependencies have not run yet.
    private var waiting: [Int]
    /// No task before this one is left to take.
    private var first = 0

    /// Tasks `0..<dependencies.count`, task `i` to run after every task of
    /// `dependencies[i]`, each of them below `i` (others are ignored).
    init(dependencies: [[Int]]) {
        count = dependencies.count
        var dependents = [[Int]](repeating: [], count: count)
        var waiting = [Int](repeating: 0, count: count)
        for (i, d) in dependencies.enumerated() {
            for j in Set(d) where (0..<i).contains(j) {
                dependents[j].append(i)
                waiting[i] += 1
            }
        }
        self.dependents = dependents
        self.waiting = waiting
        taken = [Bool](repeating: false, count: count)
    }

    /// Takes the first task ready to run, waiting while every task left waits for one
    /// that runs; nil when every task is taken.
    func take() -> Int? {
        monitor.lock()
        defer { monitor.unlock() }
        while true {
            while first < count && taken[first] { first += 1 }
            if first == count { return nil }
            for i in first..<count where !taken[i] && waiting[i] == 0 {
                taken[i] = true
                return i
            }
            monitor.wait(0)
        }
    }

    /// Records that task `i`, taken, has run: the tasks waiting for it may be taken.
    func finish(_ i: Int) {
        monitor.lock()
        var freed = false
        for j in dependents[i] {
            waiting[j] -= 1
            if waiting[j] == 0 { freed = true }
        }
        if freed { monitor.broadcast(0) }
        monitor.unlock()
    }
}
