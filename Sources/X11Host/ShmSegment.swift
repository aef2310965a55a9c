import CX11
import Glibc

/// A System V shared-memory segment the X server attaches to: created with mode 0600
/// (readable and writable by this user alone) and marked for removal as soon as the
/// server has attached it, so that a crash or a kill leaves nothing behind.
@MainActor
final class ShmSegment {
    private(set) var info = XShmSegmentInfo()
    let size: Int
    private var attachedToServer = false
    private let display: XDisplay

    /// Creates and maps a segment of `size` bytes; nil when the system refuses.
    init?(display: XDisplay, size: Int) {
        self.display = display
        self.size = size
        let id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
        guard id >= 0 else { return nil }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            return nil
        }
        info.shmid = id
        info.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.readOnly = 0
    }

    /// The mapped memory: valid until `release()`.
    var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(info.shmaddr!) }

    /// Attaches the server, checked by a round trip under a quiet error handler; on
    /// success the segment is marked for removal at once. False when the server refused
    /// (BadAccess, BadRequest, BadValue: another machine, another IPC namespace).
    func attach() -> Bool {
        var ok: Int32 = 0
        let errors = display.collectingErrors {
            ok = XShmAttach(display.handle, &info)
        }
        attachedToServer = ok != 0 && errors.isEmpty
        shmctl(info.shmid, IPC_RMID, nil)
        return attachedToServer
    }

    /// Detaches the server (with a round trip), then this process.
    func release() {
        if attachedToServer && !display.isLost {
            XShmDetach(display.handle, &info)
            display.sync()
        }
        attachedToServer = false
        if let a = info.shmaddr {
            shmdt(a)
            info.shmaddr = nil
        }
        shmctl(info.shmid, IPC_RMID, nil)
    }

    /// A pointer to the segment description, for `XShmCreateImage` and `XShmPutImage`.
    func withInfo<T>(_ body: (UnsafeMutablePointer<XShmSegmentInfo>) -> T) -> T { body(&info) }
}
