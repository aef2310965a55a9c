import RasterScenes
import Synchronization
import Testing

@testable import Raster

/// Tasks that wait for others run after them, each once, on any number of threads.
@Suite struct TaskGraphTests {
    @Test(arguments: [1, 2, 3])
    func eachTaskRunsOnceAfterItsDependencies(threads count: Int) {
        let threads = RenderThreads(count: count)
        var r = SplitMix64(seed: UInt64(count))
        for trial in 0..<40 {
            let n = 1 + Int(r.next() % 60)
            let dependencies = (0..<n).map { i in
                i == 0 ? [] : (0..<Int(r.next() % 4)).map { _ in Int(r.next() % UInt64(i)) }
            }
            // For each task, in the order they began: whether every dependency had ended.
            let log = Mutex<(ended: Set<Int>, began: [Int], inOrder: Bool)>(([], [], true))
            threads.run(TaskGraph(dependencies: dependencies)) { i, _ in
                log.withLock { l in
                    l.began.append(i)
                    if !dependencies[i].allSatisfy({ l.ended.contains($0) }) { l.inOrder = false }
                }
                // Some work, so that tasks overlap.
                var x = UInt64(i)
                for _ in 0..<(2000 * (i % 5)) { x = x &* 6_364_136_223_846_793_005 &+ 1 }
                log.withLock { l in
                    if x == 42 { l.began.append(-1) }
                    l.ended.insert(i)
                }
            }
            log.withLock { l in
                #expect(l.inOrder, "trial \(trial): \(dependencies) ran as \(l.began)")
                #expect(l.began.sorted() == Array(0..<n), "trial \(trial)")
            }
        }
    }

    @Test func oneThreadRunsTheTasksInOrder() {
        let graph = TaskGraph(dependencies: [[], [0], [], [1, 2], [0]])
        let order = Mutex<[Int]>([])
        RenderThreads(count: 1).run(graph) { i, thread in
            #expect(thread == 0)
            order.withLock { $0.append(i) }
        }
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 4])
    }
}
