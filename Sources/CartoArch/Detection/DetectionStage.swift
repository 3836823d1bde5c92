import Foundation
import CartoCore

/// Phase 1 of the paper: find every component with its members, in parallel over files,
/// then merge extensions into the types they extend.
public struct DetectionStage: Sendable {
    public struct Options: Sendable {
        public var maxFileSize: Int
        public var jobs: Int
        public init(maxFileSize: Int = 1_048_576, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
            self.maxFileSize = maxFileSize
            self.jobs = max(1, jobs)
        }
    }

    public var options: Options
    public init(options: Options) { self.options = options }

    /// `modules`: which module each file belongs to; nil: every component in one module named after `root`.
    public func run(files: [FileDiscovery.File], root: String, modules: ModuleMap? = nil, progress: ProgressReporter? = nil) -> AnalysisDocument {
        run(files: files, root: root, modules: modules, progress: progress, timer: nil)
    }

    func run(files: [FileDiscovery.File], root: String, modules: ModuleMap?, progress: ProgressReporter?, timer: StageTimer?) -> AnalysisDocument {
        run(files: files, root: root, progress: progress, timer: timer) { modules }
    }

    /// `modules` is asked for after the files are parsed (the caller may be reading manifests meanwhile).
    func run(files: [FileDiscovery.File], root: String, progress: ProgressReporter?, timer: StageTimer?,
             modules: () throws -> ModuleMap?) rethrows -> AnalysisDocument {
        progress?.begin(phase: "Parsing Swift files", total: files.count)
        let summaries = summarise(files: files, progress: progress)
        timer?.lap("parse and walk")
        let map = try modules() ?? ModuleMap(modules: [], fallbackName: ModuleMap.folderModuleName(root: root))
        let document = Self.merge(summaries: summaries, root: root, modules: map)
        timer?.lap("merge")
        return document
    }

    /// Parses files on `jobs` threads. Work is handed out by an atomic counter so that big files do not stall a thread's share.
    func summarise(files: [FileDiscovery.File], progress: ProgressReporter?) -> [FileSummary] {
        let results = UnsafeMutableBufferPointer<FileSummary?>.allocate(capacity: files.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let next = AtomicCounter()
        let maxSize = options.maxFileSize
        let workers = min(options.jobs, max(1, files.count))
        let resultsBase = UnsafeSendablePointer(results.baseAddress!)
        // Largest files first, so that no thread is left parsing one big file at the end.
        let schedule = files.indices.sorted { (files[$0].size, $1) > (files[$1].size, $0) }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let n = next.next()
                guard n < files.count else { break }
                let i = schedule[n]
                let f = files[i]
                resultsBase[i] = SourceFileReader.summarise(path: f.path, relativePath: f.relativePath, fileIndex: Int32(i), maxFileSize: maxSize)
                progress?.advance()
            }
        }
        return results.map { $0! }
    }

    static func merge(summaries: [FileSummary], root: String, modules: ModuleMap?) -> AnalysisDocument {
        var components: [Component] = []
        var typealiases: [TypealiasInfo] = []
        var diagnostics: [Diagnostic] = []
        var ignores: [String: [Int: Set<String>]] = [:]
        var files: [AnalysisDocument.FileEntry] = []
        var pendingExtensions: [(record: FileSummary.Record, file: String, imports: Set<String>)] = []

        for summary in summaries {
            let file = summary.relativePath
            let module = modules?.module(ofFile: file)
            files.append(.init(path: file, lines: summary.lineCount))
            if !summary.ignores.isEmpty { ignores[file] = summary.ignores }
            for d in summary.diagnostics {
                diagnostics.append(Diagnostic(severity: d.isError ? .error : .warning, file: file, line: d.line, message: d.message))
            }
            for t in summary.typealiases {
                typealiases.append(TypealiasInfo(qualifiedName: t.path.joined(separator: "."), target: t.target, file: file, line: t.line))
            }
            for record in summary.records {
                switch record.kind {
                case .type(let kind):
                    var c = Component(
                        id: "", name: record.path.last ?? "", qualifiedName: record.path.joined(separator: "."), kind: kind,
                        file: file, line: record.line, size: record.endLine - record.line + 1,
                        inheritance: record.inheritance.map { InheritedTypeName(name: $0.name, file: file, line: $0.line) },
                        attributes: record.attributes, properties: record.properties, methods: record.methods, extensions: [])
                    c.references = record.references
                    c.navigationCalls = record.navigationCalls
                    c.buildsViews = record.buildsViews
                    c.imports = summary.imports
                    c.ignoredRules = record.ignoredRules
                    c.module = module
                    components.append(c)
                case .extension:
                    pendingExtensions.append((record, file, summary.imports))
                }
            }
        }

        assignIdentifiers(&components)
        let resolver = NameResolver(components: components, typealiases: typealiases, modules: modules?.modules ?? [])
        var external: [AnalysisDocument.ExternalExtension] = []
        for (record, file, imports) in pendingExtensions {
            let name = record.path.joined(separator: ".")
            guard let target = resolver.resolve(name, scope: [], fromFile: file) else {
                external.append(.init(extendedType: name, file: file, line: record.line, conformances: record.inheritance.map(\.name)))
                continue
            }
            components[target].inheritance += record.inheritance.map { InheritedTypeName(name: $0.name, file: file, line: $0.line) }
            components[target].attributes += record.attributes.filter { !components[target].attributes.contains($0) }
            components[target].properties += record.properties
            components[target].methods += record.methods
            components[target].extensions.append(ExtensionSite(file: file, line: record.line))
            components[target].size += record.endLine - record.line + 1
            components[target].references += record.references
            components[target].navigationCalls.formUnion(record.navigationCalls)
            components[target].buildsViews = components[target].buildsViews || record.buildsViews
            // A test file extending an app type (`extension Entity { static func fake() }`) does not make the type test
            // code: test frameworks count only where the type itself is declared.
            components[target].imports.formUnion(imports.subtracting(TestCode.testModules))
            components[target].ignoredRules.formUnion(record.ignoredRules)
        }
        external.sort { ($0.file, $0.line, $0.extendedType) < ($1.file, $1.line, $1.extendedType) }
        typealiases.sort { ($0.qualifiedName, $0.file, $0.line) < ($1.qualifiedName, $1.file, $1.line) }
        diagnostics.sort()
        var document = AnalysisDocument(root: root, files: files, components: components, typealiases: typealiases,
                                        externalExtensions: external, diagnostics: diagnostics)
        document.ignores = ignores
        document.modules = modules?.modules ?? []
        return document
    }

    /// Qualified names are ids; when two modules declare the same name, the file disambiguates, and when one
    /// file declares it twice (`#if` branches), the line does. Components keep the order of files and
    /// declarations, which makes ids independent of thread count.
    private static func assignIdentifiers(_ components: inout [Component]) {
        var counts: [String: Int] = [:]
        for c in components { counts[c.qualifiedName, default: 0] += 1 }
        // `#if`/`#else` branches declaring the same type in one file declare one type: merged into the first.
        // Looked for only among names declared more than once, so the common case costs nothing more.
        if counts.values.contains(where: { $0 > 1 }) {
            var first: [String: Int] = [:]
            var absorbed = Array(repeating: false, count: components.count)
            for i in components.indices where counts[components[i].qualifiedName]! > 1 {
                let key = components[i].qualifiedName + "\u{1}" + components[i].file
                if let f = first[key] {
                    components[f].absorb(components[i])
                    absorbed[i] = true
                    counts[components[i].qualifiedName]! -= 1
                } else {
                    first[key] = i
                }
            }
            if absorbed.contains(true) { components = components.indices.filter { !absorbed[$0] }.map { components[$0] } }
        }
        var inFile: [String: Int] = [:]
        for c in components where counts[c.qualifiedName]! > 1 { inFile["\(c.qualifiedName) (\(c.file))", default: 0] += 1 }
        for i in components.indices {
            let c = components[i]
            guard counts[c.qualifiedName]! > 1 else { components[i].id = c.qualifiedName; continue }
            let byFile = "\(c.qualifiedName) (\(c.file))"
            components[i].id = inFile[byFile]! > 1 ? "\(c.qualifiedName) (\(c.file):\(c.line))" : byFile
        }
    }
}

/// A lock-protected counter for handing out work items.
final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock(); defer { lock.unlock() }
        let v = value
        value += 1
        return v
    }
}

extension Component {
    /// Folds another declaration of the same type in the same file (an `#if`/`#else` branch) into this one.
    mutating func absorb(_ other: Component) {
        for entry in other.inheritance where !inheritance.contains(where: { $0.name == entry.name }) { inheritance.append(entry) }
        for a in other.attributes where !attributes.contains(a) { attributes.append(a) }
        properties += other.properties
        methods += other.methods
        references += other.references
        navigationCalls.formUnion(other.navigationCalls)
        buildsViews = buildsViews || other.buildsViews
        ignoredRules.formUnion(other.ignoredRules)
        size += other.size
    }
}
