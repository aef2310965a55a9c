import Glibc

/// A child process started with `posix_spawn`, waited for with `waitpid`.
public final class Child: @unchecked Sendable {
    public let pid: pid_t
    private var status: Int32?
    /// The child's peak resident memory in KiB, once it has ended (`ru_maxrss`).
    public private(set) var peakMemoryKiB: Int?

    /// Starts `path` with `args`, the environment changed by `set` and `unset`, output
    /// to the given files (or /dev/null).
    public init(
        _ path: String, _ args: [String], set: [String: String] = [:], unset: [String] = [],
        stdout: String = "/dev/null", stderr: String = "/dev/null"
    ) throws {
        var env: [String: String] = [:]
        var e = environ
        while let p = e.pointee {
            let s = String(cString: p)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            e += 1
        }
        for k in unset { env.removeValue(forKey: k) }
        for (k, v) in set { env[k] = v }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The test runner blocks signals on its threads; a child inherits the mask and
        // would ignore SIGTERM. Start it with an empty mask and default handlers.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        var all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw SpawnError.failed(path, rc) }
        pid = child
    }

    /// Whether the child is still running (reaping it when it has ended).
    public var isRunning: Bool {
        if status != nil { return false }
        var s: Int32 = 0
        var usage = rusage()
        let r = wait4(pid, &s, WNOHANG, &usage)
        if r == pid {
            status = s
            peakMemoryKiB = usage.ru_maxrss
            return false
        }
        return r == 0
    }

    /// Waits up to `timeout` seconds; the exit status (128 + signal when killed), or nil.
    @discardableResult
    public func wait(timeout: Double = 30) -> Int32? {
        var waited = 0.0
        while isRunning && waited < timeout {
            usleep(5_000)
            waited += 0.005
        }
        guard let s = status else { return nil }
        return s & 0x7f == 0 ? (s >> 8) & 0xff : 128 + (s & 0x7f)
    }

    /// Sends a signal.
    public func signal(_ sig: Int32) { if isRunning { kill(pid, sig) } }
}

/// A program that could not be started.
public enum SpawnError: Error {
    case failed(String, Int32)
}
