#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library opened at run time (SQLite, zlib): the first of its usual file names that loads, and its functions
/// by name. Loading at run time means no headers or -dev package at build time, and a clear message when missing.
struct SystemLibrary {
    struct MissingFunction: Error { var name: String }
    private let handle: UnsafeMutableRawPointer

    /// nil when none of `names` loads.
    init?(names: [String]) {
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW) }).first else { return nil }
        self.handle = handle
    }

    /// The C function `name` as `T` (a `@convention(c)` function type).
    func function<T>(_ name: String) throws -> T {
        guard let pointer = dlsym(handle, name) else { throw MissingFunction(name: name) }
        return unsafeBitCast(pointer, to: T.self)
    }
}
