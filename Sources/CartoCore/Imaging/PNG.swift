import Foundation

/// PNG in and out for report pictures: decodes the 8- and 16-bit, non-interlaced PNGs that browsers, simulators and
/// devices write (grey, grey+alpha, RGB, RGBA, palette); encodes RGBA with per-row adaptive filtering.
public enum PNG {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    public static func encode(_ image: RGBAImage, level: Int32 = 6) throws -> Data {
        let zlib = try Zlib.shared.get()
        let stride = image.width * 4
        var raw = [UInt8]()
        raw.reserveCapacity((stride + 1) * image.height)
        var row = [UInt8](repeating: 0, count: stride), candidate = row
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<image.height {
                let base = y * stride
                // Filter 0 (none), 1 (sub) or 2 (up): whichever has the smallest sum of magnitudes.
                var best: (filter: UInt8, score: Int) = (0, .max)
                for filter in UInt8(0)...2 {
                    var score = 0
                    for i in 0..<stride {
                        let x = p[base + i]
                        let predicted: UInt8 = filter == 1 ? (i >= 4 ? p[base + i - 4] : 0) : filter == 2 ? (y > 0 ? p[base + i - stride] : 0) : 0
                        let v = x &- predicted
                        candidate[i] = v
                        score += v < 128 ? Int(v) : 256 - Int(v)
                    }
                    if score < best.score { best = (filter, score); swap(&row, &candidate) }
                }
                raw.append(best.filter)
                raw.append(contentsOf: row)
            }
        }
        var out = Data(signature)
        var header = [UInt8]()
        header += bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 6, 0, 0, 0]
        chunk("IHDR", header, into: &out, zlib)
        chunk("IDAT", try zlib.deflate(raw, level: level), into: &out, zlib)
        chunk("IEND", [], into: &out, zlib)
        return out
    }

    public static func decode(_ data: Data, name: String = "image") throws -> RGBAImage {
        let bytes = [UInt8](data)
        func bad(_ what: String) -> CartoError { CartoError("\(name): not a PNG carto can read (\(what)); save it as an 8-bit PNG") }
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { throw bad("no PNG signature") }
        var offset = 8
        var width = 0, height = 0, depth = 0, colour = 0
        var palette: [RGBA] = []
        var transparency: [UInt8] = []
        var idat: [UInt8] = []
        let zlib = try Zlib.shared.get()
        while offset + 12 <= bytes.count {
            let length = Int(readUInt32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length >= 0, offset + 12 + length <= bytes.count else { throw bad("chunk \(type) is cut off") }
            let body = bytes[(offset + 8)..<(offset + 8 + length)]
            let stored = readUInt32(bytes, offset + 8 + length)
            guard zlib.checksum(bytes[(offset + 4)..<(offset + 8 + length)]) == stored else { throw bad("chunk \(type) fails its checksum") }
            switch type {
            case "IHDR":
                guard length == 13 else { throw bad("bad header") }
                width = Int(readUInt32(bytes, offset + 8)); height = Int(readUInt32(bytes, offset + 12))
                depth = Int(bytes[offset + 16]); colour = Int(bytes[offset + 17])
                guard bytes[offset + 20] == 0 else { throw bad("interlaced") }
                guard [0, 2, 3, 4, 6].contains(colour), depth == 8 || (depth == 16 && colour != 3) else { throw bad("colour type \(colour), depth \(depth)") }
                guard width > 0, height > 0, width * height <= 100_000_000 else { throw bad("size \(width)×\(height)") }
            case "PLTE":
                palette = stride(from: body.startIndex, to: body.endIndex - 2, by: 3).map { RGBA(bytes[$0], bytes[$0 + 1], bytes[$0 + 2]) }
            case "tRNS": transparency = Array(body)
            case "IDAT": idat.append(contentsOf: body)
            case "IEND": offset = bytes.count; continue
            default: break
            }
            offset += 12 + length
        }
        guard width > 0 else { throw bad("no header") }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colour]!
        let bpp = channels * depth / 8
        let stride = width * bpp
        var raw = try zlib.inflate(idat, expectedSize: (stride + 1) * height)
        // Undo the row filters in place.
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let base = y * (stride + 1) + 1, previous = base - stride - 1
            for i in 0..<stride {
                let a = i >= bpp ? Int(raw[base + i - bpp]) : 0
                let b = y > 0 ? Int(raw[previous + i]) : 0
                let c = y > 0 && i >= bpp ? Int(raw[previous + i - bpp]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw bad("row filter \(filter)")
                }
                raw[base + i] = raw[base + i] &+ UInt8(truncatingIfNeeded: predicted)
            }
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let step = depth / 8   // 16-bit samples: keep the high byte
        for y in 0..<height {
            let base = y * (stride + 1) + 1
            for x in 0..<width {
                let s = base + x * bpp, d = (y * width + x) * 4
                switch colour {
                case 0:
                    let g = raw[s]; pixels[d] = g; pixels[d + 1] = g; pixels[d + 2] = g
                case 4:
                    let g = raw[s]; pixels[d] = g; pixels[d + 1] = g; pixels[d + 2] = g; pixels[d + 3] = raw[s + step]
                case 2:
                    pixels[d] = raw[s]; pixels[d + 1] = raw[s + step]; pixels[d + 2] = raw[s + 2 * step]
                case 6:
                    pixels[d] = raw[s]; pixels[d + 1] = raw[s + step]; pixels[d + 2] = raw[s + 2 * step]; pixels[d + 3] = raw[s + 3 * step]
                default:
                    let index = Int(raw[s])
                    guard index < palette.count else { throw bad("palette index out of range") }
                    let c = palette[index]
                    pixels[d] = c.r; pixels[d + 1] = c.g; pixels[d + 2] = c.b
                    pixels[d + 3] = index < transparency.count ? transparency[index] : 255
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    public static func read(_ url: URL) throws -> RGBAImage {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw CartoError("\(url.path): cannot read the image; check the path and permissions") }
        return try decode(data, name: url.path)
    }

    private static func readUInt32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
    private static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
    private static func chunk(_ type: String, _ body: [UInt8], into out: inout Data, _ zlib: Zlib) {
        let typed = Array(type.utf8) + body
        out.append(contentsOf: bigEndian(UInt32(body.count)))
        out.append(contentsOf: typed)
        out.append(contentsOf: bigEndian(zlib.checksum(typed[...])))
    }
}
