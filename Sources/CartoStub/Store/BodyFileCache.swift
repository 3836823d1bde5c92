import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Body files kept in memory while they do not change: each use checks the file's size, modification time and
/// inode (one `stat`, no read), so an edited file is served fresh at once — as WireMock, which reads per request —
/// without reading it per request. Files over `maxBytes` are read each time and not kept.
final class BodyFileCache: @unchecked Sendable {
    private struct Entry {
        var size: Int
        var modified: timespec
        var inode: UInt64
        var bytes: Data
    }

    private let folder: MappingFolder
    private let maxBytes: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    init(folder: MappingFolder, maxBytes: Int = 4 << 20) {
        self.folder = folder
        self.maxBytes = maxBytes
    }

    /// The file's bytes (nil when it does not exist or lies outside `__files`).
    func bytes(_ relative: String) -> Data? {
        guard ResponseDefinition.isSafeRelativePath(relative) else { return nil }
        let path = folder.filesDirectory.path + "/" + relative
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        let cached = lock.withLock { entries[relative] }
        if let c = cached, c.size == Int(st.st_size), c.inode == UInt64(st.st_ino),
           c.modified.tv_sec == st.st_mtim.tv_sec, c.modified.tv_nsec == st.st_mtim.tv_nsec {
            return c.bytes
        }
        guard let data = folder.bodyFile(relative) else { return nil }  // resolves links, refuses escapes
        if data.count <= maxBytes {
            lock.withLock { entries[relative] = Entry(size: Int(st.st_size), modified: st.st_mtim, inode: UInt64(st.st_ino), bytes: data) }
        }
        return data
    }
}
