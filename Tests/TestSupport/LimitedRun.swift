import Foundation
import Glibc

/// A program run to its end under limits of its own, with its peak memory measured.
///
/// The peak is `ru_maxrss` of a child forked by a small launcher (python3, which CI
/// installs) and set to exec the program: a child spawned straight from the test process
/// would count the test process's memory, which it shares until its exec, in its peak.
/// The limits are set in that child only: `RLIMIT_AS` (address space, as `ulimit -v`)
/// and `RLIMIT_FSIZE` (the largest file, as `ulimit -f`, with SIGXFSZ ignored so that
/// a write past it fails with EFBIG, as one on a full disk fails with ENOSPC).
public enum LimitedRun {
    static let launcher = """
        import os, resource, signal, sys
        memory, size, out, err, peak, seconds = sys.argv[1:7]
        argv = sys.argv[7:]
        pid = os.fork()
        if pid == 0:
            if memory != '-':
                resource.setrlimit(resource.RLIMIT_AS, (int(memory), int(memory)))
            if size != '-':
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
                resource.setrlimit(resource.RLIMIT_FSIZE, (int(size), int(size)))
            for fd, path in ((1, out), (2, err)):
                os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), fd)
            os.execv(argv[0], argv)
        # A program that outlives its time is killed here, not left behind.
        signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
        signal.alarm(max(1, int(float(seconds))))
        _, status, usage = os.wait4(pid, 0)
        with open(peak, 'w') as f:
            f.write(str(usage.ru_maxrss))
        code = os.waitstatus_to_exitcode(status)
        sys.exit(code if code >= 0 else 128 - code)
        """

    /// Runs `path` with `args`, killing it after `timeout` seconds; returns its status
    /// (128 + signal when killed), output and peak resident memory in KiB.
    public static func run(
        _ path: String, _ args: [String], memoryBytes: Int? = nil, fileBytes: Int? = nil,
        timeout: Double = 120
    ) -> (status: Int32, stdout: String, stderr: String, peakKiB: Int) {
        let base = NSTemporaryDirectory() + "vitrine-limited-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let out = base + ".out"
        let err = base + ".err"
        let peak = base + ".peak"
        defer { for f in [out, err, peak] { unlink(f) } }
        guard let python = XvfbServer.which("python3") else { return (-1, "", "python3 is not installed", 0) }
        let limits = [memoryBytes.map(String.init) ?? "-", fileBytes.map(String.init) ?? "-"]
        guard
            let child = try? Child(
                python, ["-c", launcher] + limits + [out, err, peak, String(Int(timeout)), path] + args)
        else {
            return (-1, "", "cannot start \(python)", 0)
        }
        let status =
            child.wait(timeout: timeout + 10)
            ?? {
                child.signal(SIGKILL)
                return child.wait(timeout: 5) ?? -1
            }()
        func text(_ p: String) -> String { (try? String(contentsOfFile: p, encoding: .utf8)) ?? "" }
        return (status, text(out), text(err), Int(text(peak)) ?? 0)
    }
}
