import Foundation
/// Facts about components that heuristics ask for, derived once from the extracted graph,
/// plus the assignments made so far (heuristics run as ordered passes; later ones may read earlier results).
public final class CategorisationContext {
    public let architecture: ExtractedArchitecture
    public internal(set) var assignments: [LayerAssignment?]

    /// External base class at the end of each class's superclass chain.
    public let externalBase: [String?]
    /// Codebase classes on each class's superclass chain (nearest first).
    public let codebaseSuperclasses: [[Int]]
    /// Every protocol each component conforms to, transitively: external names and codebase component indices.
    public let externalConformances: [Set<String>]
    public let codebaseConformances: [Set<Int>]
    /// For each protocol: the non-protocol components conforming to it (directly or through inheritance).
    public let conformers: [[Int]]
    public let isViewController: [Bool]
    public let isView: [Bool]

    public var components: [Component] { architecture.components }

    private lazy var byQualifiedName: [String: Int] = {
        var index: [String: Int] = [:]
        for (i, c) in architecture.components.enumerated() where index[c.qualifiedName] == nil { index[c.qualifiedName] = i }
        return index
    }()

    /// `TestCode.testFolder(in:)` per file, worked out once per file rather than once per component (every
    /// component passes through it: ~9 ms on Element X before).
    private var testFolders: [String: String?] = [:]
    func testFolder(of file: String) -> String? {
        if let known = testFolders[file] { return known }
        let found = TestCode.testFolder(in: file)
        testFolders[file] = .some(found)
        return found
    }

    /// The top-level component with this name, if the codebase declares one.
    public func component(named name: String) -> Int? { byQualifiedName[name] }

    /// The component a nested type is declared in (`A` for `A.B`), if the codebase declares it.
    public func enclosingComponent(of i: Int) -> Int? {
        let q = architecture.components[i].qualifiedName
        guard let dot = q.lastIndex(of: ".") else { return nil }
        return byQualifiedName[String(q[..<dot])]
    }

    init(architecture: ExtractedArchitecture) {
        self.architecture = architecture
        let n = architecture.components.count
        assignments = Array(repeating: nil, count: n)

        var bases: [String?] = Array(repeating: nil, count: n)
        var chains: [[Int]] = Array(repeating: [], count: n)
        for i in 0..<n {
            var seen: Set<Int> = [i]
            var current = architecture.superclass[i]
            while let c = current {
                switch c {
                case .external(let name):
                    bases[i] = name
                    current = nil
                case .component(let j):
                    guard seen.insert(j).inserted else { current = nil; break }
                    chains[i].append(j)
                    current = architecture.superclass[j]
                }
            }
        }
        externalBase = bases
        codebaseSuperclasses = chains

        // Transitive conformances: own, inherited protocols' parents, superclasses' conformances.
        var ext: [Set<String>?] = Array(repeating: nil, count: n)
        var code: [Set<Int>?] = Array(repeating: nil, count: n)
        func visit(_ i: Int, _ stack: inout Set<Int>) {
            if ext[i] != nil { return }
            guard stack.insert(i).inserted else { return }
            var e = Set<String>(), c = Set<Int>()
            var parents: [Int] = []
            for t in architecture.conformances[i] {
                switch t {
                case .external(let name): e.insert(SDKKnowledgeBase.unqualified(name))
                case .component(let j): c.insert(j); parents.append(j)
                }
            }
            parents += chains[i]
            for j in parents {
                visit(j, &stack)
                e.formUnion(ext[j] ?? [])
                c.formUnion(code[j] ?? [])
            }
            ext[i] = e
            code[i] = c
            stack.remove(i)
        }
        for i in 0..<n { var stack = Set<Int>(); visit(i, &stack) }
        externalConformances = ext.map { $0 ?? [] }
        codebaseConformances = code.map { $0 ?? [] }

        var conformersOf: [[Int]] = Array(repeating: [], count: n)
        for i in 0..<n where architecture.components[i].kind != .protocol {
            for p in codebaseConformances[i] { conformersOf[p].append(i) }
        }
        conformers = conformersOf

        isViewController = (0..<n).map { i in
            architecture.components[i].kind == .class && (bases[i].map(SDKKnowledgeBase.isViewControllerName) ?? false)
        }
        let extConf = externalConformances
        isView = (0..<n).map { i in
            let c = architecture.components[i]
            if c.kind == .class, let base = bases[i], SDKKnowledgeBase.isViewName(base) { return true }
            return extConf[i].contains(where: SDKKnowledgeBase.isSwiftUIViewProtocol)
        }
    }

    /// Components this one depends on (codebase edges), with the kinds of reference.
    public func outgoing(_ i: Int) -> [(to: Int, kind: DependencyKind)] {
        architecture.graph.outgoingEdges(of: i).map { e in
            let edge = architecture.graph.edges[e]
            return (edge.to, edge.label.kind)
        }
    }

    /// Components that depend on this one.
    public func incoming(_ i: Int) -> [(from: Int, kind: DependencyKind)] {
        architecture.graph.incomingEdges(of: i).map { e in
            let edge = architecture.graph.edges[e]
            return (edge.from, edge.label.kind)
        }
    }

    /// Whether a type as written (`SyncSettingsViewController?`, `UIViewController`) names a view controller.
    public func namesViewController(_ written: String) -> Bool {
        let name = written.trimmingCharacters(in: CharacterSet(charactersIn: "?! "))
        if SDKKnowledgeBase.isViewControllerName(name) { return true }
        return byQualifiedName[name].map { isViewController[$0] } ?? false
    }

    /// How a component deals with view controllers: holds one in a property, creates one, or refers to one at all.
    public func viewControllerUse(_ i: Int) -> Set<DependencyKind> {
        var kinds = architecture.externalViewControllerUses[i]
        for (to, kind) in outgoing(i) where isViewController[to] { kinds.insert(kind) }
        return kinds
    }

    /// Whether a component or one of its superclasses conforms to any of `protocols` (external names).
    public func conforms(_ i: Int, toAnyOf protocols: Set<String>) -> Bool {
        !externalConformances[i].isDisjoint(with: protocols)
    }

    /// Whether the class inherits (transitively) from any of `classes` (external names).
    public func inherits(_ i: Int, fromAnyOf classes: Set<String>) -> Bool {
        guard let base = externalBase[i] else { return false }
        return classes.contains(SDKKnowledgeBase.unqualified(base))
    }
}
