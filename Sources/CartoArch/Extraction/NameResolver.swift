/// Resolves a type name as written at a site to a component of the codebase, the way Swift's lookup does
/// for the cases that matter here: innermost enclosing scope first, then outwards; typealiases followed;
/// a leading module name dropped when the rest resolves (and then only that module's components taken). Among
/// same-named components of several modules, the site's own module wins, then the modules it depends on, then
/// the one whose file is nearest. Results are memoised per (scope, name).
final class NameResolver: @unchecked Sendable {
    private let byQualifiedName: [String: [Int]]
    private let aliases: [String: (target: String, scope: [String])]
    private let componentFiles: [String]
    private let qualifiedNames: [String]
    private var memo: [String: [Int]] = [:]
    /// Every name segment of every declared type and typealias: a name whose first segment is not here
    /// cannot denote a codebase type in any scope (`String`, `UIView`), which settles most lookups at once.
    private let knownSegments: Set<String>
    private let modules: ModuleFacts
    /// Per component: declared in a test folder. Code outside test targets cannot name those types (a test target is
    /// never linked into the app), so a production site never resolves to one: ProtonVPN's `OpenVPN.Credentials`
    /// (a VPN framework's type) is not its UI tests' `Credentials`.
    private let inTestFolder: [Bool]
    private let hasTestTypes: Bool
    private var testFiles: [String: Bool] = [:]

    /// Who is in which module, for choosing among same-named components.
    struct ModuleFacts: Sendable {
        var componentModules: [String?] = []
        var fileModules: [String: String] = [:]
        var dependencies: [String: Set<String>] = [:]
        var names: Set<String> = []
    }

    /// A resolver with the same tables and a memo of its own, for another thread.
    func copy() -> NameResolver { NameResolver(byQualifiedName: byQualifiedName, aliases: aliases, componentFiles: componentFiles, qualifiedNames: qualifiedNames, knownSegments: knownSegments, modules: modules, inTestFolder: inTestFolder) }

    private init(byQualifiedName: [String: [Int]], aliases: [String: (target: String, scope: [String])], componentFiles: [String], qualifiedNames: [String], knownSegments: Set<String>, modules: ModuleFacts, inTestFolder: [Bool]) {
        self.inTestFolder = inTestFolder
        self.hasTestTypes = inTestFolder.contains(true)
        self.knownSegments = knownSegments
        self.modules = modules
        self.byQualifiedName = byQualifiedName
        self.aliases = aliases
        self.componentFiles = componentFiles
        self.qualifiedNames = qualifiedNames
    }

    init(components: [Component], typealiases: [TypealiasInfo], modules definitions: [ModuleDefinition] = []) {
        var facts = ModuleFacts()
        facts.componentModules = components.map(\.module)
        for c in components { if let m = c.module { facts.fileModules[c.file] = m; facts.names.insert(m) } }
        for m in definitions { facts.dependencies[m.name, default: []].formUnion(m.dependencies); facts.names.insert(m.name) }
        modules = facts
        var index: [String: [Int]] = [:]
        for (i, c) in components.enumerated() { index[c.qualifiedName, default: []].append(i) }
        byQualifiedName = index
        var a: [String: (String, [String])] = [:]
        for t in typealiases {
            let scope = t.qualifiedName.split(separator: ".").dropLast().map(String.init)
            a[t.qualifiedName] = (t.target, scope)
        }
        aliases = a
        componentFiles = components.map(\.file)
        var testFolderOfFile: [String: Bool] = [:]
        inTestFolder = components.map { c in
            if let known = testFolderOfFile[c.file] { return known }
            let inTests = TestCode.testFolder(in: c.file) != nil
            testFolderOfFile[c.file] = inTests
            return inTests
        }
        hasTestTypes = inTestFolder.contains(true)
        qualifiedNames = components.map(\.qualifiedName)
        var segments = Set<String>()
        for q in components.map(\.qualifiedName) + typealiases.map(\.qualifiedName) {
            for part in q.split(separator: ".") { segments.insert(String(part)) }
        }
        knownSegments = segments
    }

    /// Names of typealiases by their last segment: a simple name matching none of them needs no alias handling.
    private lazy var aliasSimpleNames: Set<String> = Set(aliases.keys.map(SDKKnowledgeBase.unqualified))

    /// Typealiases for types outside the codebase, by their simple name, followed through chains of aliases
    /// (`typealias PlatformViewRepresentable = UIViewRepresentable` under `#if os(iOS)`).
    private lazy var externalAliasTargets: [String: String] = {
        var targets: [String: String] = [:]
        // Top-level aliases only: one nested in a type (`FAQView.View = WKWebView`) names nothing outside it.
        for (name, alias) in aliases where alias.scope.isEmpty
            && lookup(alias.target.split(separator: ".").map(String.init), scope: alias.scope, depth: 0) == nil {
            var target = alias.target, depth = 0
            while depth < 8, let next = aliases[target] ?? aliases[SDKKnowledgeBase.unqualified(target)] { target = next.target; depth += 1 }
            // A composition or generic application is no single type to know things about.
            guard !target.contains("&"), !target.contains("<") else { continue }
            let simple = SDKKnowledgeBase.unqualified(name)
            if targets[simple] == nil { targets[simple] = target }
        }
        return targets
    }()

    /// The type outside the codebase that a name no component answers to stands for through a typealias, if any.
    /// Asked for every name extraction leaves unresolved, so codebases without such aliases pay one emptiness check.
    func externalTarget(of name: String) -> String? {
        guard !externalAliasTargets.isEmpty else { return nil }
        return externalAliasTargets[SDKKnowledgeBase.unqualified(name)]
    }

    /// `["A.B.", "A.", ""]` for scope `A.B`: the lookup order of a simple name, computed once per scope.
    static func prefixes(of scope: [String]) -> [String] {
        (0...scope.count).reversed().map { k in k == 0 ? "" : scope[0..<k].joined(separator: ".") + "." }
    }

    /// Fast path for the common case, a name without dots: one dictionary probe per enclosing scope, no splitting.
    func resolveSimple(_ name: String, prefixes: [String], scope: [String], scopeKey: String, fromFile: String) -> Int? {
        guard knownSegments.contains(name) else { return nil }
        if aliasSimpleNames.contains(name) { return resolve(name, scope: scope, scopeKey: scopeKey, fromFile: fromFile) }
        for prefix in prefixes {
            if let found = byQualifiedName[prefix + name], let r = best(reachable(found, fromFile: fromFile), fromFile: fromFile) { return r }
        }
        return nil
    }

    /// The component `name` denotes from inside `scope` (a qualified path), or nil when it is not the codebase's.
    /// `scopeKey` is `scope` joined with dots; callers resolving many names in one scope pass it to save work.
    func resolve(_ name: String, scope: [String], scopeKey: String? = nil, fromFile: String) -> Int? {
        let head = name.firstIndex(of: ".").map { name[..<$0] } ?? name[...]
        if !knownSegments.contains(String(head)) {
            // Only a module-qualified name (`MyApp.Foo`) can still resolve.
            guard let dot = name.firstIndex(of: ".") else { return nil }
            let rest = name[name.index(after: dot)...]
            let second = rest.firstIndex(of: ".").map { rest[..<$0] } ?? rest
            guard knownSegments.contains(String(second)) else { return nil }
        }
        let key = (scopeKey ?? scope.joined(separator: ".")) + "\u{1}" + name
        let candidates: [Int]
        if let cached = memo[key] {
            candidates = cached
        } else {
            let parts = name.split(separator: ".").map(String.init)
            var result = lookup(parts, scope: scope, depth: 0)
            if result == nil, parts.count > 1 {
                // `MyModule.Foo` or `UIKit.UIView`: try without the module name; a module of the codebase then
                // narrows the candidates to its own components.
                result = lookup(Array(parts.dropFirst()), scope: [], depth: 0)
                if let found = result, modules.names.contains(parts[0]) {
                    let inModule = found.filter { modules.componentModules[$0] == parts[0] }
                    if !inModule.isEmpty { result = inModule }
                }
            }
            candidates = result ?? []
            memo[key] = candidates
        }
        return best(reachable(candidates, fromFile: fromFile), fromFile: fromFile)
    }

    /// Same-named candidates (one per module) for a name, following typealiases.
    private func lookup(_ parts: [String], scope: [String], depth: Int) -> [Int]? {
        guard depth < 8, !parts.isEmpty else { return nil }
        var k = scope.count
        while k >= 0 {
            let prefix = scope[0..<k]
            let candidate = (prefix + parts).joined(separator: ".")
            if let found = byQualifiedName[candidate] { return found }
            if let alias = aliases[candidate] {
                return lookup(alias.target.split(separator: ".").map(String.init), scope: alias.scope, depth: depth + 1)
            }
            // An alias as the first part of a longer name (`Alias.Inner`).
            if parts.count > 1 {
                for j in stride(from: parts.count - 1, through: 1, by: -1) {
                    let head = (prefix + parts[0..<j]).joined(separator: ".")
                    if let alias = aliases[head],
                       let base = lookup(alias.target.split(separator: ".").map(String.init), scope: alias.scope, depth: depth + 1)?.first {
                        let rebased = componentQualifiedName(base).split(separator: ".").map(String.init) + parts[j...]
                        if let found = byQualifiedName[rebased.joined(separator: ".")] { return found }
                    }
                }
            }
            k -= 1
        }
        return nil
    }

    private func componentQualifiedName(_ i: Int) -> String { qualifiedNames[i] }

    /// Among same-named components (one per module): those of the site's module, else of the modules it depends
    /// on, else all; of these the one whose file shares the longest folder prefix with the site.
    /// The candidates a site can name: test-folder types only from test files.
    private func reachable(_ candidates: [Int], fromFile: String) -> [Int] {
        guard hasTestTypes, candidates.contains(where: { inTestFolder[$0] }) else { return candidates }
        let siteIsTest: Bool
        if let known = testFiles[fromFile] { siteIsTest = known } else {
            siteIsTest = TestCode.testFolder(in: fromFile) != nil
            testFiles[fromFile] = siteIsTest
        }
        return siteIsTest ? candidates : candidates.filter { !inTestFolder[$0] }
    }

    private func best(_ candidates: [Int], fromFile: String) -> Int? {
        guard !candidates.isEmpty else { return nil }
        if candidates.count == 1 { return candidates[0] }
        var pool = candidates
        if let site = modules.fileModules[fromFile] {
            let own = candidates.filter { modules.componentModules[$0] == site }
            if !own.isEmpty { pool = own } else if let deps = modules.dependencies[site] {
                let imported = candidates.filter { modules.componentModules[$0].map(deps.contains) ?? false }
                if !imported.isEmpty { pool = imported }
            }
        }
        if pool.count == 1 { return pool[0] }
        var bestIndex = pool[0], bestScore = -1
        for c in pool {
            let score = Self.commonPrefixLength(componentFiles[c], fromFile)
            if score > bestScore { bestScore = score; bestIndex = c }
        }
        return bestIndex
    }

    private static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        var n = 0
        for (x, y) in zip(a.utf8, b.utf8) { if x == y { n += 1 } else { break } }
        return n
    }
}
