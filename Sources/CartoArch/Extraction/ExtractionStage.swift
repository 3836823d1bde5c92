import Foundation
import CartoCore

/// A resolved type: a component of the codebase or an external name.
public enum TypeTarget: Hashable, Sendable {
    case component(Int)
    case external(String)
}

/// The paper's topology: a multigraph with one edge per reference site between components,
/// plus the references to types the codebase does not declare (for the "complete" metrics).
public struct ExtractedArchitecture: Sendable {
    public var document: AnalysisDocument
    /// Edge label: what kind of reference and where.
    public struct Site: Hashable, Sendable {
        public var kind: DependencyKind
        public var file: String
        public var line: Int
        /// What the member around the site does (view building, fixtures), for the rules.
        public var context: ReferenceContext = .ordinary
    }
    public var graph: Multigraph<Int, Site>
    /// Per component: external type name → number of reference sites.
    public var externalReferences: [[String: Int]]
    /// Per component: the resolved superclass (classes only).
    public var superclass: [TypeTarget?]
    /// Per component: resolved conformances and (for protocols) inherited protocols.
    public var conformances: [[TypeTarget]]
    /// Per component: the kinds of reference it makes to SDK or third-party view controllers.
    public var externalViewControllerUses: [Set<DependencyKind>]

    public var components: [Component] { document.components }

    /// Rank of each component in id order, so that sorting by id compares integers, not strings.
    private func idRanks() -> [Int] {
        var ranks = Array(repeating: 0, count: components.count)
        for (rank, i) in components.indices.sorted(by: { components[$0].id < components[$1].id }).enumerated() { ranks[i] = rank }
        return ranks
    }

    /// Edges as the JSON contract lists them, in `Dependency` order (from, file, line, to, kind).
    public func dependencies() -> [Dependency] {
        let rank = idRanks()
        var fileRank: [String: Int] = [:]
        for (i, f) in document.files.map(\.path).sorted().enumerated() { fileRank[f] = i }
        let edges = graph.edges
        let keys = edges.map { e in (rank[e.from], fileRank[e.label.file] ?? 0, e.label.line, rank[e.to], e.label.kind) }
        let order = edges.indices.sorted { keys[$0] < keys[$1] }
        return order.map { i in
            let e = edges[i]
            return Dependency(from: components[e.from].id, to: components[e.to].id, kind: e.label.kind, file: e.label.file, line: e.label.line)
        }
    }

    /// External references, sorted by component id and then type name.
    public func externalReferenceList() -> [ExternalReference] {
        let rank = idRanks()
        var origins: [String: ExternalOrigin] = [:]
        var out: [ExternalReference] = []
        for i in components.indices.sorted(by: { rank[$0] < rank[$1] }) {
            for (name, count) in externalReferences[i].sorted(by: { $0.key < $1.key }) {
                let origin = origins[name] ?? { let o = SDKKnowledgeBase.origin(of: name); origins[name] = o; return o }()
                out.append(ExternalReference(from: components[i].id, to: name, origin: origin, count: count))
            }
        }
        return out
    }
}

/// Phase 2 of the paper: resolve every reference site against the codebase's own declarations.
public struct ExtractionStage: Sendable {
    public var jobs: Int
    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount) { self.jobs = max(1, jobs) }

    private struct Partial {
        var edges: [(to: Int, site: ExtractedArchitecture.Site)] = []
        var external: [String: Int] = [:]
        var superclass: TypeTarget?
        var conformances: [TypeTarget] = []
        var externalViewControllerUses: Set<DependencyKind> = []
    }

    public func run(_ document: AnalysisDocument) -> ExtractedArchitecture {
        let components = document.components
        let files = document.files.map(\.path)
        // References written in test files (a test target's `extension SearchResult: Equatable` casting to its
        // mocks) are test code whichever type they extend: no rule constrains them.
        let testFiles = files.map { TestCode.testFolder(in: $0) != nil }
        let testFileSet = Set(files.indices.filter { testFiles[$0] }.map { files[$0] })
        let base = NameResolver(components: components, typealiases: document.typealiases.filter { !$0.target.contains("&") }, modules: document.modules)
        let compositions = Dictionary(document.typealiases.filter { $0.target.contains("&") }.map { ($0.qualifiedName, $0.target.components(separatedBy: " & ")) },
                                      uniquingKeysWith: { first, _ in first })
        let count = components.count
        let partials = UnsafeMutableBufferPointer<Partial>.allocate(capacity: count)
        partials.initialize(repeating: Partial())
        defer { partials.deallocate() }
        let out = UnsafeSendablePointer(partials.baseAddress!)
        let workers = min(jobs, max(1, count / 64))
        // Small batches handed out by a counter: components differ a lot in size (a 2,000-line view controller
        // next to a one-line enum), so fixed halves left one thread idle at the end.
        let batch = 32, next = AtomicCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let resolver = base.copy()
            while true {
                let lo = next.next() * batch
                guard lo < count else { break }
                for i in lo..<min(count, lo + batch) {
                    out[i] = Self.extract(i, components: components, files: files, testFiles: testFiles, testFileSet: testFileSet,
                                          resolver: resolver, compositions: compositions)
                }
            }
        }

        var graph = Multigraph<Int, ExtractedArchitecture.Site>()
        for i in 0..<count { graph.addNode(i) }
        for i in 0..<count {
            // Edges keep declaration order (inheritance clause, then reference sites in file and source order),
            // which depends only on the input, never on thread count.
            for e in partials[i].edges { graph.addEdge(from: i, to: e.to, label: e.site) }
        }
        return ExtractedArchitecture(document: document, graph: graph,
                                     externalReferences: partials.map(\.external),
                                     superclass: partials.map(\.superclass),
                                     conformances: partials.map(\.conformances),
                                     externalViewControllerUses: partials.map(\.externalViewControllerUses))
    }

    private static func extract(_ i: Int, components: [Component], files: [String], testFiles: [Bool], testFileSet: Set<String>,
                                resolver: NameResolver, compositions: [String: [String]]) -> Partial {
        var p = Partial()
        let c = components[i]
        // Composition typealiases in an inheritance clause stand for each of their members, and members that are
        // compositions themselves for theirs (`typealias ShareableStory = StoryView & StorySharing`,
        // `typealias StoryView = Story & View`).
        func expand(_ entry: InheritedTypeName, depth: Int) -> [InheritedTypeName] {
            guard depth < 8, let members = compositions[entry.name] else { return [entry] }
            return members.flatMap { expand(InheritedTypeName(name: $0, file: entry.file, line: entry.line), depth: depth + 1) }
        }
        let inheritance = c.inheritance.flatMap { expand($0, depth: 0) }
        let scope = c.qualifiedName.split(separator: ".").map(String.init)
        let scopeKey = c.qualifiedName
        let prefixes = NameResolver.prefixes(of: scope)
        // Inheritance clause: superclass first for classes, conformances otherwise.
        for (position, inherited) in inheritance.enumerated() {
            let resolved = resolver.resolve(inherited.name, scope: Array(scope.dropLast()), fromFile: inherited.file)
                ?? resolver.resolve(inherited.name, scope: scope, fromFile: inherited.file)
            let kind: DependencyKind
            if let r = resolved {
                if r == i { continue }
                let isClassBase = components[r].kind == .class && c.kind == .class
                kind = isClassBase ? .inheritance : .conformance
                if isClassBase { p.superclass = .component(r) } else { p.conformances.append(.component(r)) }
                p.edges.append((r, .init(kind: kind, file: inherited.file, line: inherited.line,
                                         context: !testFileSet.isEmpty && testFileSet.contains(inherited.file) ? .fixture : .ordinary)))
            } else {
                // Through a typealias to an SDK type (`struct FadeView: PlatformViewRepresentable`), the SDK type is
                // what the component inherits from or conforms to.
                let name = resolver.externalTarget(of: inherited.name) ?? inherited.name
                let isSuperclass = c.kind == .class && position == 0 && p.superclass == nil && Self.looksLikeClass(name)
                if isSuperclass { p.superclass = .external(name) } else { p.conformances.append(.external(name)) }
                p.external[inherited.name, default: 0] += 1
            }
        }
        for ref in c.references {
            let file = files[Int(ref.file)]
            let resolved = ref.name.utf8.contains(46)
                ? resolver.resolve(ref.name, scope: scope, scopeKey: scopeKey, fromFile: file)
                : resolver.resolveSimple(ref.name, prefixes: prefixes, scope: scope, scopeKey: scopeKey, fromFile: file)
            if let r = resolved {
                if r == i { continue }
                p.edges.append((r, .init(kind: ref.kind, file: file, line: Int(ref.line), context: testFiles[Int(ref.file)] ? .fixture : ref.context)))
            } else {
                p.external[ref.name, default: 0] += 1
                if SDKKnowledgeBase.isViewControllerName(resolver.externalTarget(of: ref.name) ?? ref.name) { p.externalViewControllerUses.insert(ref.kind) }
            }
        }
        return p
    }

    /// Whether an external name in first position of a class's inheritance clause is a superclass.
    static func looksLikeClass(_ name: String) -> Bool {
        let base = SDKKnowledgeBase.unqualified(name)
        let kb = SDKKnowledgeBase.self
        if kb.viewControllers.contains(base) || kb.views.contains(base) || kb.controllerClasses.contains(base)
            || kb.thirdPartyViewControllers.contains(base) || base == "NSObject" { return true }
        if kb.controllerProtocols.contains(base) || kb.applicationDelegateProtocols.contains(base)
            || kb.swiftUIViewProtocols.contains(base) || kb.standardLibrary.contains(base) || kb.foundationTypes.contains(base) { return false }
        for suffix in ["Delegate", "DataSource", "Protocol", "able", "ible", "Type", "Convertible", "Representable", "Providing", "Handling"] where base.hasSuffix(suffix) {
            return false
        }
        return true
    }
}
