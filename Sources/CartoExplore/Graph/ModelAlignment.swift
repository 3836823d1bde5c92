import CartoCore
import CartoModel

/// Which states of two crawl models are the same screen, and which controls one model names differently from the
/// other: what `carto graph diff` needs to compare two builds, two frameworks or two platforms of one app, whose
/// screens are the same but whose controls carry other identifiers (`#new-todo` against `#todo-input`) or labels.
///
/// After LTSDiff (Walkinshaw & Bogdanov, "Automated comparison of state-based software models in terms of their
/// language and structure", TOSEM 2013): first the landmarks — states with identical properties, and the two start
/// states — then pairs spread along corresponding edges from paired states. Two edges correspond when they do the same
/// thing to corresponding controls; a control is taken as renamed when it occurs only in one model, its counterpart
/// only in the other, and they stand in the same place (the one checkbox of a screen, the one fill from a state).
/// A pair found along edges is kept only when the two states agree in everything that cannot be renamed (container,
/// route, title, headings, text) and most of their controls and lists correspond.
public struct ModelAlignment: Sendable {
    /// Per state of model A, its partner in model B.
    public private(set) var partner: [Int: Int] = [:]
    /// Per state of model B, its partner in model A.
    public private(set) var partnerInA: [Int: Int] = [:]
    /// Property or control names of A that B names differently (`control textField#new-todo "What needs to be
    /// done?"` → `control textField#todo-input "New Todo Input"`), in the order they were found.
    public private(set) var renames: [(from: String, to: String)] = []
    /// How many pairs were found by identical properties (the rest by structure).
    public private(set) var identical = 0

    /// One side of the comparison: a model's graph with each state's properties (already without ignored kinds)
    /// and each edge's event.
    public struct Side: Sendable {
        public struct Edge: StateGraphEdge, Sendable {
            public var source: Int
            public var target: Int
            public var event: EventKey
            /// The crawler's back moves (in older models) say nothing about what events do.
            public var isReplayable: Bool { !event.isBack }
            public init(source: Int, target: Int, event: EventKey) { self.source = source; self.target = target; self.event = event }
        }
        public var graph: StateGraph<Set<String>, Edge>
        public var start: Int?
        public init(graph: StateGraph<Set<String>, Edge>, start: Int?) { self.graph = graph; self.start = start }
        var properties: [Set<String>] { graph.states }
        /// Every property name of the model's states.
        var propertyVocabulary: Set<String> { properties.reduce(into: Set<String>()) { $0.formUnion($1) } }
        /// Those and every control its events used (row controls among them, which are no state property).
        var vocabulary: Set<String> { graph.edges.reduce(into: propertyVocabulary) { $0.formUnion($1.event.units) } }
    }

    /// An edge's event for matching: kind and the controls used (as `control …` units), or for models written
    /// before abstract events existed, the readable description only.
    public struct EventKey: Hashable, Sendable {
        public var kind: String
        public var units: [String]
        public var variant: Int?
        public var text: String?
        public init(_ event: AbstractEvent) {
            kind = event.kind.rawValue; units = event.controls.map { "control " + $0 }; variant = event.variant; text = nil
        }
        public init(description: String) { kind = "event"; units = []; variant = nil; text = description }
        var isBack: Bool { kind == CrawlEvent.Kind.back.rawValue }
    }

    private var rename: [String: String] = [:]
    private var renamedTo = Set<String>()
    private let a: Side, b: Side
    private let vocabularyA: Set<String>, vocabularyB: Set<String>
    private let propertiesA: Set<String>, propertiesB: Set<String>

    /// Pairs of identical properties only, nothing renamed (`carto graph diff --exact`).
    public init(exact a: Side, _ b: Side) {
        self.a = a; self.b = b
        vocabularyA = []; vocabularyB = []; propertiesA = []; propertiesB = []
        pairIdentical()
    }

    public init(_ a: Side, _ b: Side) {
        self.a = a; self.b = b
        vocabularyA = a.vocabulary; vocabularyB = b.vocabulary
        propertiesA = a.propertyVocabulary; propertiesB = b.propertyVocabulary
        pairIdentical()
        var queue = partner.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if let sa = a.start, let sb = b.start, partner[sa] == nil, partnerInA[sb] == nil, fixed(a.properties[sa]) == fixed(b.properties[sb]) {
            pair(sa, sb)
            queue.insert((sa, sb), at: 0)
        }
        // Spread from the landmarks; then states left over that are identical under the renames found, and spread again.
        while true {
            var head = 0
            while head < queue.count {
                let (x, y) = queue[head]; head += 1
                queue += followEdges(x, y)
            }
            queue = pairIdenticalUnderRenames()
            if queue.isEmpty { break }
        }
    }

    /// A's name for something, in B's terms.
    public func mapped(_ unit: String) -> String { rename[unit] ?? unit }

    public func mapped(_ event: EventKey) -> EventKey {
        var e = event
        e.units = e.units.map(mapped)
        return e
    }

    // MARK: - Pairing

    private mutating func pair(_ x: Int, _ y: Int) {
        partner[x] = y
        partnerInA[y] = x
    }

    /// States whose properties are identical and occur once on each side.
    private mutating func pairIdentical() {
        var byProperties: [Set<String>: [Int]] = [:]
        for (i, p) in b.properties.enumerated() { byProperties[p, default: []].append(i) }
        var countA: [Set<String>: Int] = [:]
        for p in a.properties { countA[p, default: 0] += 1 }
        for (i, p) in a.properties.enumerated() {
            guard let others = byProperties[p], others.count == 1, countA[p] == 1 else { continue }
            pair(i, others[0])
            identical += 1
        }
    }

    private mutating func pairIdenticalUnderRenames() -> [(Int, Int)] {
        var byProperties: [Set<String>: [Int]] = [:]
        for (i, p) in b.properties.enumerated() where partnerInA[i] == nil { byProperties[p, default: []].append(i) }
        var found: [(Int, Int)] = []
        var candidates: [Set<String>: [Int]] = [:]
        for (i, p) in a.properties.enumerated() where partner[i] == nil { candidates[Set(p.map(mapped)), default: []].append(i) }
        for (key, xs) in candidates.sorted(by: { $0.value[0] < $1.value[0] }) {
            guard xs.count == 1, let ys = byProperties[key], ys.count == 1 else { continue }
            pair(xs[0], ys[0])
            found.append((xs[0], ys[0]))
        }
        return found
    }

    /// Matches the edges out of a pair, learns renames from the matches, pairs their targets; returns the new pairs.
    private mutating func followEdges(_ x: Int, _ y: Int) -> [(Int, Int)] {
        learnRenames(x, y)
        let edgesA = a.graph.edges(from: x).map { a.graph.edges[$0] }
        var edgesB = b.graph.edges(from: y).map { b.graph.edges[$0] }
        var matched: [(Int, Int)] = []
        var unmatchedA: [Side.Edge] = []
        for e in edgesA {
            let key = mapped(e.event)
            if let j = edgesB.firstIndex(where: { $0.event == key }) {
                matched.append((e.target, edgesB[j].target))
                edgesB.remove(at: j)
            } else {
                unmatchedA.append(e)
            }
        }
        // Events left over that do the same kind of thing to controls of the same roles: one on each side, or the
        // most alike by name.
        func shape(_ e: EventKey) -> String? {
            guard e.text == nil, !e.units.isEmpty else { return nil }
            return e.kind + " " + e.units.map { Self.group($0) ?? "?" }.joined(separator: ",") + (e.variant.map { " #\($0)" } ?? "")
        }
        var byShape: [String: (a: [Int], b: [Int])] = [:]
        for (i, e) in unmatchedA.enumerated() { if let s = shape(e.event) { byShape[s, default: ([], [])].a.append(i) } }
        for (j, e) in edgesB.enumerated() { if let s = shape(e.event) { byShape[s, default: ([], [])].b.append(j) } }
        for (_, group) in byShape.sorted(by: { $0.key < $1.key }) where !group.a.isEmpty && !group.b.isEmpty {
            for (i, j) in Self.assign(group.a.map { mapped(unmatchedA[$0].event).units }, group.b.map { edgesB[$0].event.units }) {
                let ea = unmatchedA[group.a[i]], eb = edgesB[group.b[j]]
                // Only an event whose controls can be renamed into the other's stands for it.
                guard zip(ea.event.units, eb.event.units).allSatisfy({ canRename($0, $1) }) else { continue }
                for (u, v) in zip(ea.event.units, eb.event.units) { addRename(u, v) }
                matched.append((ea.target, eb.target))
            }
        }
        var found: [(Int, Int)] = []
        for (ta, tb) in matched where partner[ta] == nil && partnerInA[tb] == nil && acceptable(ta, tb) {
            pair(ta, tb)
            found.append((ta, tb))
        }
        return found
    }

    /// Renames read off a pair's properties: within one kind and role, what only A has against what only B has.
    private mutating func learnRenames(_ x: Int, _ y: Int) {
        let pa = a.properties[x], pb = b.properties[y]
        let onlyA = pa.filter { !pb.contains(mapped($0)) && rename[$0] == nil }.sorted()
        let onlyB = Set(pb.subtracting(pa.map(mapped))).subtracting(renamedTo).sorted()
        var groups: [String: (a: [String], b: [String])] = [:]
        for u in onlyA { if let g = Self.group(u) { groups[g, default: ([], [])].a.append(u) } }
        for v in onlyB { if let g = Self.group(v) { groups[g, default: ([], [])].b.append(v) } }
        for (_, group) in groups.sorted(by: { $0.key < $1.key }) where !group.a.isEmpty && !group.b.isEmpty {
            for (i, j) in Self.assign(group.a.map { [$0] }, group.b.map { [$0] }) where canRename(group.a[i], group.b[j], properties: true) {
                addRename(group.a[i], group.b[j])
            }
        }
    }

    /// A unit of A may stand for a unit of B when each occurs only in its own model and neither is taken. For a
    /// renaming read off state properties, only properties count: a control that one framework leaves unnamed
    /// (`checkbox input[type=checkbox]`) may share its identity with row controls the other model's events used.
    private func canRename(_ u: String, _ v: String, properties: Bool = false) -> Bool {
        if mapped(u) == v { return true }
        let (ownA, ownB) = properties ? (propertiesA, propertiesB) : (vocabularyA, vocabularyB)
        return rename[u] == nil && !renamedTo.contains(v) && !ownB.contains(u) && !ownA.contains(v)
            && Self.group(u) != nil && Self.group(u) == Self.group(v)
    }

    private mutating func addRename(_ u: String, _ v: String) {
        guard u != v, rename[u] == nil, !renamedTo.contains(v) else { return }
        rename[u] = v
        renamedTo.insert(v)
        renames.append((u, v))
    }

    /// Two states reached by corresponding edges are the same screen when what cannot be renamed agrees and at least
    /// half of their controls and lists correspond (as renamed, or as still renameable within one role).
    private func acceptable(_ x: Int, _ y: Int) -> Bool {
        let pa = a.properties[x], pb = b.properties[y]
        guard fixed(pa) == fixed(pb) else { return false }
        let ua = Set(pa.filter { Self.group($0) != nil }.map(mapped)), ub = pb.filter { Self.group($0) != nil }
        let larger = max(ua.count, ub.count)
        guard larger > 0 else { return true }
        var matches = ua.intersection(ub).count
        var left: [String: (a: Int, b: Int)] = [:]
        for u in ua.subtracting(ub) where !vocabularyB.contains(u) { left[Self.group(u)!, default: (0, 0)].a += 1 }
        for v in ub.subtracting(ua) where !vocabularyA.contains(v) && !renamedTo.contains(v) { left[Self.group(v)!, default: (0, 0)].b += 1 }
        for (_, n) in left { matches += min(n.a, n.b) }
        return matches * 2 >= larger
    }

    /// The properties that are never renamed: container, route, title, headings, text — compared regardless of
    /// letter case (`Todos` against `todos`: the same heading styled otherwise).
    private func fixed(_ p: Set<String>) -> Set<String> { Set(p.filter { Self.group($0) == nil }.map { $0.lowercased() }) }

    // MARK: - Helpers

    /// What a unit may be renamed to: a control of the same role, a list for a list. Nil for properties that are
    /// compared as they are.
    static func group(_ unit: String) -> String? {
        guard let space = unit.firstIndex(of: " ") else { return nil }
        let kind = unit[..<space]
        switch kind {
        case "control", "external":
            let rest = unit[unit.index(after: space)...]
            let role = rest.prefix { $0 != "#" && $0 != " " }
            return kind + " " + role
        case "list", "emptyList": return String(kind)
        default: return nil
        }
    }

    /// Greedy one-to-one assignment of candidates (each one or more units) by the words of their names (most alike
    /// first, ties in order; candidates sharing no word are not paired). With one on each side they are paired
    /// whatever their names.
    static func assign(_ xs: [[String]], _ ys: [[String]]) -> [(Int, Int)] {
        if xs.count == 1 && ys.count == 1 { return [(0, 0)] }
        let wx = xs.map { $0.reduce(into: Set<String>()) { $0.formUnion(words($1)) } }
        let wy = ys.map { $0.reduce(into: Set<String>()) { $0.formUnion(words($1)) } }
        var scored: [(score: Double, i: Int, j: Int)] = []
        for i in xs.indices {
            for j in ys.indices {
                let inter = wx[i].intersection(wy[j]).count
                guard inter > 0 else { continue }
                scored.append((Double(inter) / Double(wx[i].union(wy[j]).count), i, j))
            }
        }
        scored.sort { ($0.score, -$0.i, -$0.j) > ($1.score, -$1.i, -$1.j) }
        var usedX = Set<Int>(), usedY = Set<Int>(), out: [(Int, Int)] = []
        for s in scored where !usedX.contains(s.i) && !usedY.contains(s.j) {
            usedX.insert(s.i); usedY.insert(s.j); out.append((s.i, s.j))
        }
        return out
    }

    /// Lower-case words of a unit's name, after its kind and role (which every candidate of a group shares).
    static func words(_ unit: String) -> Set<String> {
        var rest = Substring(unit)
        if let g = group(unit) { rest = rest.dropFirst(g.count) }
        var out = Set<String>(), word = ""
        for ch in rest.lowercased() {
            if ch.isLetter || ch.isNumber { word.append(ch) } else { if !word.isEmpty { out.insert(word) }; word = "" }
        }
        if !word.isEmpty { out.insert(word) }
        return out
    }
}
