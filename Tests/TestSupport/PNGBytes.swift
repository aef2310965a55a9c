/// Hand-made changes to PNG files, for tests of what a decoder does with them.
public enum PNGBytes {
    /// The CRC-32 of PNG chunks (type and data).
    public static func crc32(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xffff_ffff
        for b in data {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xffff_ffff
    }

    /// The bytes of a PNG whose header (the IHDR chunk, first) says `width` x `height`,
    /// with its CRC made good; the image data is left as it was.
    public static func withHeaderSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var bytes = png
        for (at, v) in [(16, width), (20, height)] {
            for k in 0..<4 { bytes[at + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * UInt32(k))) }
        }
        let crc = crc32(Array(bytes[12..<29]))
        for k in 0..<4 { bytes[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        return bytes
    }
}
