/// How frames reach the X server.
public enum PresentationPath: String, Sendable {
    /// MIT-SHM: the server reads the frame from shared memory (`XShmPutImage`).
    case sharedMemory = "MIT-SHM"
    /// The pixels travel in the request (`XPutImage`): over TCP, or where the server has
    /// no MIT-SHM or refuses the segment.
    case putImage = "XPutImage"
}
