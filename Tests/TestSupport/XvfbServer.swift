import Foundation
import Synchronization

/// An X server of the tests' own: `Xvfb -noreset` on a free display number, started and
/// stopped by the test, with XTEST for clicks (xdotool).
public final class XvfbServer: @unchecked Sendable {
    /// Why X tests cannot run here, or nil when Xvfb and xdotool are installed.
    public static var unavailableReason: String? {
        for tool in ["Xvfb", "xdotool"] where which(tool) == nil {
            return "\(tool) is not installed (apt-get install xvfb xdotool); .ci/run installs both"
        }
        return nil
    }

    /// The display number.
    public let number: Int
    /// The name to connect to: ":N", or "localhost:N" over TCP.
    public let displayName: String
    private let process: Child

    /// Starts a server; `sharedMemory: false` disables MIT-SHM, `tcp` listens on TCP and
    /// names the display through localhost (where shared memory cannot be used).
    public init(sharedMemory: Bool = true, tcp: Bool = false, size: String = "1400x900x24") throws {
        // Suites run at once in one process: each server takes a display number no other
        // in the process has taken, and one that another program holds is skipped. A
        // server that still loses the race (it exits: the display is taken) is started
        // again on the next number, so that no two tests ever share a server.
        var attempt = 0
        while true {
            var n = XvfbServer.nextNumber.withLock { next in
                defer { next += 1 }
                return next
            }
            while FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
                || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
            {
                n = XvfbServer.nextNumber.withLock { next in
                    defer { next += 1 }
                    return next
                }
            }
            var args = [":\(n)", "-screen", "0", size, "-noreset"]
            if !sharedMemory { args += ["-extension", "MIT-SHM"] }
            if tcp { args += ["-listen", "tcp"] }
            let process = try Child(XvfbServer.which("Xvfb")!, args)
            // Ready when its socket exists and it is still running: poll up to 10 s.
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") && process.isRunning
                && Date() < deadline
            {
                usleep(20_000)
            }
            usleep(100_000)
            if process.isRunning && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)") {
                self.process = process
                number = n
                displayName = tcp ? "localhost:\(n)" : ":\(n)"
                return
            }
            process.signal(SIGKILL)
            process.wait(timeout: 5)
            attempt += 1
            guard attempt < 10 else { throw XvfbError.didNotStart(n) }
        }
    }

    /// The next display number to try, shared by every server of the process.
    private static let nextNumber = Mutex(40 + Int(getpid() % 200))

    /// Stops the server (SIGTERM), waiting for it to go.
    public func stop() {
        guard process.isRunning else { return }
        process.signal(SIGTERM)
        if process.wait(timeout: 5) == nil {
            process.signal(SIGKILL)
            process.wait(timeout: 5)
        }
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    public func kill() {
        process.signal(SIGKILL)
        process.wait(timeout: 5)
    }

    deinit { stop() }

    /// Runs xdotool against this display and waits for it.
    @discardableResult
    public func xdotool(_ args: String...) -> Int32 {
        xdotool(args)
    }

    /// Runs xdotool against this server with arguments built by the caller.
    @discardableResult
    public func xdotool(_ args: [String]) -> Int32 {
        XvfbServer.run(XvfbServer.which("xdotool")!, args, environment: ["DISPLAY": displayName]).status
    }

    /// Runs a program with extra environment, returning its status and output.
    public static func run(
        _ path: String, _ args: [String], environment: [String: String] = [:],
        removing: [String] = [], timeout: Double = 60
    ) -> (status: Int32, stdout: String, stderr: String) {
        let base = "/tmp/vitrine-run-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        defer {
            unlink(base + ".out")
            unlink(base + ".err")
        }
        guard
            let child = try? Child(
                path, args, set: environment, unset: removing, stdout: base + ".out", stderr: base + ".err")
        else {
            return (-1, "", "cannot start \(path)")
        }
        let status =
            child.wait(timeout: timeout)
            ?? {
                child.signal(SIGKILL)
                return child.wait(timeout: 5) ?? -1
            }()
        let o = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
        let e = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
        return (status, o, e)
    }

    /// The full path of a program on PATH.
    public static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The System V shared-memory segments: id, permissions, attach count and creator.
    public static func sharedMemorySegments() -> [(id: Int, mode: Int, attached: Int, creator: Int32)] {
        // Read to the end: a /proc file reports a size of 0, and its lines come in pages.
        guard let file = FileHandle(forReadingAtPath: "/proc/sysvipc/shm") else { return [] }
        defer { try? file.close() }
        guard let data = try? file.readToEnd(), let text = String(data: data, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count > 6, let id = Int(f[1]), let mode = Int(f[2], radix: 8), let cpid = Int32(f[4]),
                let natt = Int(f[6])
            else { return nil }
            return (id, mode & 0o777, natt, cpid)
        }
    }

    /// The segments a process created.
    public static func sharedMemorySegments(createdBy pid: Int32) -> [(
        id: Int, mode: Int, attached: Int, creator: Int32
    )] {
        sharedMemorySegments().filter { $0.creator == pid }
    }
}

/// Why a test server did not come up.
public enum XvfbError: Error {
    case didNotStart(Int)
}
