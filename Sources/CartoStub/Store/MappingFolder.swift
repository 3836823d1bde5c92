import CartoCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A WireMock root folder: `mappings/**/*.json` (one mapping or `{"mappings": [...]}` per file) and the
/// response bodies in `__files/`.
public struct MappingFolder: Sendable {
    public let root: URL
    public var mappingsDirectory: URL { root.appendingPathComponent("mappings") }
    public var filesDirectory: URL { root.appendingPathComponent("__files") }

    public init(root: URL) { self.root = root.standardizedFileURL }

    /// Every mapping file, by path relative to `mappings/`, in the order WireMock reads them: the directory's own
    /// order (readdir, as Java's File.listFiles), depth first. Between two mappings of equal priority that both
    /// match, the one read last wins in WireMock, so reading in its order gives the same answer on the same folder.
    public func mappingFiles() -> [String] {
        var out: [String] = []
        func walk(_ dir: String, _ prefix: String) {
            guard let d = opendir(dir) else { return }
            defer { closedir(d) }
            while let entry = readdir(d) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix(".") { continue }
                let full = dir + "/" + name
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir) else { continue }
                if isDir.boolValue { walk(full, prefix + name + "/") } else if name.hasSuffix(".json") { out.append(prefix + name) }
            }
        }
        walk(mappingsDirectory.path, "")
        return out
    }

    /// Loads every file; a file that does not parse is reported (path and JSON location) and skipped, so the
    /// others keep serving. Duplicate ids across files are reported too (the later file's mapping is dropped).
    public func load() -> (mappings: [StubMapping], problems: [MappingError]) {
        var mappings: [StubMapping] = []
        var problems: [MappingError] = []
        var seen: [String: String] = [:]
        for rel in mappingFiles() {
            let shown = "mappings/" + rel
            guard let data = FileManager.default.contents(atPath: mappingsDirectory.appendingPathComponent(rel).path) else {
                problems.append(MappingError(file: shown, path: "", message: "cannot be read (check its permissions)"))
                continue
            }
            do {
                for m in try StubMapping.parseFile([UInt8](data), file: shown) {
                    if let other = seen[m.id] {
                        problems.append(MappingError(file: shown, path: "id", message: "\(m.id) is already used by \(other); skipped"))
                        continue
                    }
                    seen[m.id] = shown
                    mappings.append(m)
                }
            } catch let e as MappingError {
                problems.append(e)
            } catch {
                problems.append(MappingError(file: shown, path: "", message: "\(error)"))
            }
        }
        return (mappings, problems)
    }

    /// A cheap fingerprint of the mapping files (names, sizes, modification times) for change polling.
    public func fingerprint() -> [String: String] {
        var out: [String: String] = [:]
        for rel in mappingFiles() {
            let attrs = try? FileManager.default.attributesOfItem(atPath: mappingsDirectory.appendingPathComponent(rel).path)
            let size = (attrs?[.size] as? NSNumber)?.intValue ?? -1
            let date = (attrs?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            out[rel] = "\(size)@\(date)"
        }
        return out
    }

    /// Reads a body file, refusing anything that resolves outside `__files` (symbolic links included).
    public func bodyFile(_ relative: String) -> Data? {
        guard ResponseDefinition.isSafeRelativePath(relative) else { return nil }
        let base = filesDirectory.resolvingSymlinksInPath().path
        let url = filesDirectory.appendingPathComponent(relative).resolvingSymlinksInPath()
        guard url.path.hasPrefix(base + "/") else { return nil }
        return FileManager.default.contents(atPath: url.path)
    }
}

/// Polls a mapping folder and hands fresh mappings to the store when files change (editors save in several
/// steps, so a change is applied once the fingerprint has been stable for one poll).
public final class MappingWatcher: @unchecked Sendable {
    private let folder: MappingFolder
    private let store: StubStore
    private let interval: Duration
    private let report: @Sendable (String) -> Void
    private var task: Task<Void, Never>?

    public init(folder: MappingFolder, store: StubStore, interval: Duration = .milliseconds(500), report: @escaping @Sendable (String) -> Void) {
        self.folder = folder
        self.store = store
        self.interval = interval
        self.report = report
    }

    public func start() {
        let folder = folder, store = store, interval = interval, report = report
        task = Task.detached {
            var applied = folder.fingerprint()
            var pending: [String: String]?
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                let now = folder.fingerprint()
                if now == applied { pending = nil; continue }
                if pending != now { pending = now; continue }  // wait one more poll for the writes to settle
                applied = now
                pending = nil
                let (mappings, problems) = folder.load()
                store.replaceFileMappings(mappings)
                for p in problems { report("carto stub: \(folder.root.path)/\(p)") }
                report("carto stub: reloaded \(mappings.count) mapping\(mappings.count == 1 ? "" : "s") from \(folder.mappingsDirectory.path)")
            }
        }
    }

    public func stop() { task?.cancel() }
}
