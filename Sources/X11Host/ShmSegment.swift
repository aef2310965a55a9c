import CX11
import Glibc

/// A System V shared-memory segment the X server attaches to, created with mode 0600
/// (readable and writable by this user alone) and marked for removal as early as the
/// system allows, so that a crash or a kill leaves nothing behind.
///
/// Two orders: with `removedEarly` (the first choice) the segment is marked for removal
/// right after this process attaches it, before the server is asked, which Linux allows
/// (a segment marked for removal can still be attached while it is attached); a kill
/// at any point then leaves no segment. Where the server cannot attach a segment so
/// marked (another system's rules), the owner tries again without: the segment is
/// marked once the server has attached it, and a kill between the two leaves it behind.
@MainActor
@safe final class ShmSegment {
    /// The segment description. libXext keeps this pointer in every image made from it
    /// and reads it on each put, so it lives in memory of its own that never moves,
    /// owned by the segment and freed with it.
    private let info: UnsafeMutablePointer<XShmSegmentInfo>
    let size: Int
    private var attachedToServer = false
    private let display: XDisplay

    /// Creates and maps a segment of `size` bytes, marked for removal at once when
    /// `removedEarly`; nil when the system refuses.
    init?(display: XDisplay, size: Int, removedEarly: Bool) {
        self.display = display
        self.size = size
        let id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
        guard id >= 0 else { return nil }
        guard let address = unsafe shmat(id, nil, 0), unsafe address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            return nil
        }
        unsafe info = .allocate(capacity: 1)
        unsafe info.initialize(to: XShmSegmentInfo())
        unsafe info.pointee.shmid = id
        unsafe info.pointee.shmaddr = unsafe address.assumingMemoryBound(to: CChar.self)
        unsafe info.pointee.readOnly = 0
        if removedEarly { shmctl(id, IPC_RMID, nil) }
    }

    isolated deinit {
        // The images that pointed at the description were destroyed by the owner's
        // release before the segment could go.
        unsafe info.deinitialize(count: 1)
        unsafe info.deallocate()
    }

    /// The mapped memory: valid until `release()`.
    var address: UnsafeMutableRawPointer { unsafe UnsafeMutableRawPointer(info.pointee.shmaddr!) }

    /// Attaches the server, checked by a round trip that collects the errors it causes; on
    /// success the segment is marked for removal at once. False when the server refused
    /// (BadAccess, BadRequest, BadValue: another machine, another IPC namespace).
    func attach() -> Bool {
        var ok: Int32 = 0
        let errors = display.collectingErrors {
            ok = unsafe XShmAttach(display.handle, info)
        }
        attachedToServer = ok != 0 && errors.isEmpty
        unsafe shmctl(info.pointee.shmid, IPC_RMID, nil)
        return attachedToServer
    }

    /// Detaches the server (with a round trip), then this process.
    func release() {
        if attachedToServer && !display.isLost {
            unsafe XShmDetach(display.handle, info)
            display.sync()
        }
        attachedToServer = false
        if let a = unsafe info.pointee.shmaddr {
            unsafe shmdt(a)
            unsafe info.pointee.shmaddr = nil
        }
        unsafe shmctl(info.pointee.shmid, IPC_RMID, nil)
    }

    /// The server's id of the segment, as `ShmCompletion` events name it.
    var serverID: UInt { unsafe UInt(info.pointee.shmseg) }

    /// The segment description, for `XShmCreateImage` and `XShmPutImage`: valid as long
    /// as the segment.
    var descriptor: UnsafeMutablePointer<XShmSegmentInfo> { unsafe info }
}
