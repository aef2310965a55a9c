import Glibc

/// A pthread mutex and condition variables that wait on it: the render threads' one
/// place for pthreads' locks. They live at fixed addresses for the value's life, as
/// pthreads requires, and are destroyed in deinit, when no thread uses them.
@safe final class Monitor: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let conditions: UnsafeMutablePointer<pthread_cond_t>
    private let conditionCount: Int

    /// A mutex with `count` condition variables, numbered from 0.
    init(conditions count: Int) {
        conditionCount = count
        unsafe mutex = .allocate(capacity: 1)
        unsafe pthread_mutex_init(mutex, nil)
        unsafe conditions = .allocate(capacity: max(count, 1))
        for i in 0..<count { unsafe pthread_cond_init(conditions + i, nil) }
    }

    deinit {
        for i in 0..<conditionCount { unsafe pthread_cond_destroy(conditions + i) }
        unsafe conditions.deallocate()
        unsafe pthread_mutex_destroy(mutex)
        unsafe mutex.deallocate()
    }

    /// Locks the mutex, waiting while another thread holds it.
    @inline(__always) func lock() { unsafe pthread_mutex_lock(mutex) }

    /// Locks the mutex if no thread holds it; false when one does.
    @inline(__always) func tryLock() -> Bool { unsafe pthread_mutex_trylock(mutex) == 0 }

    /// Unlocks the mutex, held by the calling thread.
    @inline(__always) func unlock() { unsafe pthread_mutex_unlock(mutex) }

    /// With the mutex held: lets it go and sleeps until condition `i` is signalled (or
    /// spuriously), then holds it again.
    @inline(__always) func wait(_ i: Int) {
        precondition(i >= 0 && i < conditionCount, "no condition \(i)")
        unsafe pthread_cond_wait(conditions + i, mutex)
    }

    /// Wakes every thread waiting on condition `i`.
    @inline(__always) func broadcast(_ i: Int) {
        precondition(i >= 0 && i < conditionCount, "no condition \(i)")
        unsafe pthread_cond_broadcast(conditions + i)
    }
}
