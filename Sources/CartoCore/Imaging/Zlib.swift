#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// zlib, loaded at run time like SQLite (`libz.so.1` ships with every Linux distribution and macOS), for PNG's
/// zlib streams. No headers or -dev package needed to build.
struct Zlib: @unchecked Sendable {
    typealias Bytes = UnsafeMutablePointer<UInt8>
    let compress2: @convention(c) (Bytes, UnsafeMutablePointer<UInt>, UnsafePointer<UInt8>, UInt, Int32) -> Int32
    let compressBound: @convention(c) (UInt) -> UInt
    let uncompress: @convention(c) (Bytes, UnsafeMutablePointer<UInt>, UnsafePointer<UInt8>, UInt) -> Int32
    let crc32: @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    static let shared: Result<Zlib, CartoError> = {
        let names = ["libz.so.1", "libz.so", "/usr/lib/libz.1.dylib", "libz.dylib"]
        guard let library = SystemLibrary(names: names) else {
            return .failure(CartoError("zlib is not installed (libz.so.1); install it (Debian: apt-get install zlib1g)"))
        }
        func f<T>(_ name: String) -> T? { try? library.function(name) }
        guard let c: @convention(c) (Bytes, UnsafeMutablePointer<UInt>, UnsafePointer<UInt8>, UInt, Int32) -> Int32 = f("compress2"),
              let b: @convention(c) (UInt) -> UInt = f("compressBound"),
              let u: @convention(c) (Bytes, UnsafeMutablePointer<UInt>, UnsafePointer<UInt8>, UInt) -> Int32 = f("uncompress"),
              let crc: @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt = f("crc32") else {
            return .failure(CartoError("the zlib library lacks functions carto needs; install zlib 1.2 or later"))
        }
        return .success(Zlib(compress2: c, compressBound: b, uncompress: u, crc32: crc))
    }()

    /// A zlib stream of `bytes` (level 1–9).
    func deflate(_ bytes: [UInt8], level: Int32 = 6) throws -> [UInt8] {
        var size = compressBound(UInt(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in compress2(o.baseAddress!, &size, i.baseAddress ?? UnsafePointer(bitPattern: 1)!, UInt(bytes.count), level) }
        }
        guard status == 0 else { throw CartoError("compressing an image failed (zlib status \(status))") }
        out.removeSubrange(Int(size)...)
        return out
    }

    /// Inflates a zlib stream whose decoded size is known (PNG: height × (1 + row bytes)).
    func inflate(_ bytes: [UInt8], expectedSize: Int) throws -> [UInt8] {
        var size = UInt(expectedSize)
        var out = [UInt8](repeating: 0, count: max(expectedSize, 1))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in uncompress(o.baseAddress!, &size, i.baseAddress ?? UnsafePointer(bitPattern: 1)!, UInt(bytes.count)) }
        }
        guard status == 0, Int(size) == expectedSize else { throw CartoError("the image data is damaged (zlib status \(status))") }
        return out
    }

    func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        UInt32(truncatingIfNeeded: bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) })
    }
}
