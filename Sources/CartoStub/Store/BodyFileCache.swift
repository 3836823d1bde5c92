import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Body files kept in memory while they do not change: each use checks the file's size, modification time and
/// inode (one `stat`, no read), so an edited file is served fresh at once — as WireMock, which reads per request —
/// without reading it per request. Files over `maxBytes` are read each time and not kept.
final class BodyFileCache: @unchecked Sendable {
    private struct Entry {
        var path: String
        var size: Int
        var modified: timespec
        var inode: UInt64
        var bytes: Data
    }

    private let folder: MappingFolder
    /// `__files` as a path, worked out once (building it from the folder's URL per request cost a fifth of a
    /// body-file answer: measured with perf on Benchmarks/wiremock.sh's file row).
    private let directory: String
    private let maxBytes: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    init(folder: MappingFolder, maxBytes: Int = 4 << 20) {
        self.folder = folder
        directory = folder.filesDirectory.path
        self.maxBytes = maxBytes
    }

    /// The file's bytes (nil when it does not exist or lies outside `__files`).
    func bytes(_ relative: String) -> Data? {
        let cached = lock.withLock { entries[relative] }
        // A name already cached was checked when it was read; its path is kept with it.
        guard cached != nil || ResponseDefinition.isSafeRelativePath(relative) else { return nil }
        let path = cached?.path ?? directory + "/" + relative
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        if let c = cached, c.size == Int(st.st_size), c.inode == UInt64(st.st_ino),
           c.modified.tv_sec == st.st_mtim.tv_sec, c.modified.tv_nsec == st.st_mtim.tv_nsec {
            return c.bytes
        }
        guard let data = folder.bodyFile(relative) else { return nil }  // resolves links, refuses escapes
        if data.count <= maxBytes {
            lock.withLock { entries[relative] = Entry(path: path, size: Int(st.st_size), modified: st.st_mtim, inode: UInt64(st.st_ino), bytes: data) }
        }
        return data
    }
}
