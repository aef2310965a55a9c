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

    /// The CRC-32 table, for long data.
    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 of long data, by table.
    public static func fastCRC32(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xffff_ffff
        for b in data { c = crcTable[Int((c ^ UInt32(b)) & 0xff)] ^ (c >> 8) }
        return c ^ 0xffff_ffff
    }

    /// A whole, valid PNG of `width` x `height` transparent pixels (8-bit RGBA), made
    /// without holding the picture: its image data is one fixed-Huffman deflate block of
    /// a zero literal and matches of 258 bytes at distance 1, about 1/1000 of the
    /// picture's size. For tests of pictures too large to draw (32768 x 8192 is 7 MB).
    public static func transparent(width: Int, height: Int) -> [UInt8] {
        let raw = height * (1 + 4 * width)  // each row: filter byte 0, then zeros
        var bits = BitWriter()
        bits.put(1, 1)  // BFINAL
        bits.put(1, 2)  // BTYPE 01: fixed Huffman
        bits.code(0b0011_0000, 8)  // literal 0
        var left = raw - 1
        while left >= 258 {
            bits.code(0b1100_0101, 8)  // length 258 (symbol 285)
            bits.code(0, 5)  // distance 1 (code 0)
            left -= 258
        }
        for _ in 0..<left { bits.code(0b0011_0000, 8) }
        bits.code(0, 7)  // end of block (symbol 256)
        var zlib: [UInt8] = [0x78, 0x01] + bits.finished
        let adler = UInt32(raw % 65521) << 16 | 1
        zlib += [UInt8(adler >> 24), UInt8(adler >> 16 & 255), UInt8(adler >> 8 & 255), UInt8(adler & 255)]
        func be(_ v: Int) -> [UInt8] {
            [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let crc = Int(fastCRC32(body))
            return be(data.count) + body + be(crc)
        }
        let header = be(width) + be(height) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }
}

/// Bits packed as deflate packs them: values from the least significant bit, Huffman
/// codes from their most significant.
struct BitWriter {
    var bytes: [UInt8] = []
    var current: UInt32 = 0
    var count = 0

    mutating func put(_ value: UInt32, _ n: Int) {
        for i in 0..<n { push(value >> UInt32(i) & 1) }
    }

    mutating func code(_ value: UInt32, _ n: Int) {
        for i in (0..<n).reversed() { push(value >> UInt32(i) & 1) }
    }

    private mutating func push(_ bit: UInt32) {
        current |= bit << UInt32(count)
        count += 1
        if count == 8 {
            bytes.append(UInt8(current))
            current = 0
            count = 0
        }
    }

    /// The bytes, the last one padded with zeros.
    var finished: [UInt8] { count > 0 ? bytes + [UInt8(current)] : bytes }
}
