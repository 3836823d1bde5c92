import CartoCore
import Foundation

/// The work one snapshot goes through on its way to an `AbstractState`: the elements in document order, which of
/// them a pass has taken (a list's rows, an ignored region), and the properties found so far. Passes run in order
/// over the same work, Periphery-style: each one small, named and in a file of its own.
public struct AbstractionWork {
    public let snapshot: UISnapshot
    public let overrides: AbstractionOverrides
    /// Hash routes that are the app's root (see `ScreenAbstraction.rootRoutes`).
    public let rootRoutes: Set<String>
    /// Detail to add: the screen's abstraction proved too coarse (see `StateIndex`).
    public let refined: Bool
    /// Every element but the root, in document order, with the index of its parent (nil for the root's children).
    public let elements: [UIElement]
    public let parents: [Int?]
    /// Index of the element in `elements` for each node, and each element's descendants range.
    public let subtreeEnd: [Int]
    /// Elements taken by a pass: not controls of their own.
    public var consumed: [Bool]
    public var properties: [StateProperty] = []
    /// The same properties with control labels left out: what `StateIndex` compares once a screen is coarsened.
    public var coarseProperties: [StateProperty] = []
    /// Parts of the readable name, in order.
    public var nameParts: [String] = []
    /// The lists found, for the name: (anchor, visible rows).
    public var lists: [(anchor: String, rows: Int)] = []
    /// Lists the crawl saw holding rows of one shape, by the container's locator (`StateIndex` learns them).
    public let learntLists: [String: LearntList]
    /// Hash routes of collections whose last segment picks data (`#/place/*`; see `ScreenAbstraction.collections`).
    public let collections: Set<String>
    /// Locators of the lists found here (any number of rows), and those with two rows or more: what can be learnt.
    public var listLocators = Set<String>()
    public var listsToLearn: [(locator: String, list: LearntList)] = []

    init(snapshot: UISnapshot, overrides: AbstractionOverrides, rootRoutes: Set<String> = [], learntLists: [String: LearntList] = [:],
         collections: Set<String> = [], refined: Bool) {
        self.snapshot = snapshot
        self.overrides = overrides
        self.rootRoutes = rootRoutes
        self.learntLists = learntLists
        self.collections = collections
        self.refined = refined
        var elements: [UIElement] = []
        var parents: [Int?] = []
        var ends: [Int] = []
        func visit(_ e: UIElement, parent: Int?) {
            let index = elements.count
            var leaf = e
            leaf.children = []
            elements.append(leaf)
            parents.append(parent)
            ends.append(index)
            for child in e.children { visit(child, parent: index) }
            ends[index] = elements.count
        }
        for child in snapshot.root.children { visit(child, parent: nil) }
        self.elements = elements
        self.parents = parents
        self.subtreeEnd = ends
        self.consumed = Array(repeating: false, count: elements.count)
    }

    /// Direct children of element `index`.
    func children(of index: Int) -> [Int] {
        var out: [Int] = []
        var i = index + 1
        while i < subtreeEnd[index] { out.append(i); i = subtreeEnd[i] }
        return out
    }

    /// Element `index` with its descendants as a tree again.
    func tree(at index: Int) -> UIElement {
        var e = elements[index]
        e.children = children(of: index).map(tree(at:))
        return e
    }

    mutating func consume(subtreeOf index: Int) {
        for i in index..<subtreeEnd[index] { consumed[i] = true }
    }

    /// Whether element `index` and all its ancestors are visible.
    func shown(_ index: Int) -> Bool {
        var at: Int? = index
        while let i = at { if !elements[i].visible { return false }; at = parents[i] }
        return true
    }
}

/// One step of the abstraction.
public protocol AbstractionPass {
    static func run(_ work: inout AbstractionWork)
}

/// Turns snapshots into abstract states: the passes in order.
public struct ScreenAbstraction: Sendable {
    public var overrides: AbstractionOverrides
    /// Hash routes that show the app's root, the same as no route: the route the app put its start page at when it
    /// was started without one (`/` → `/#/all`), and the route the selected filter names on the root screen (`/` with
    /// "All" → `#/all` selected). Implementations that do and do not put a route on their start page compare alike.
    /// Learnt while crawling (`StateIndex`).
    public var rootRoutes: Set<String>
    /// Containers the crawl saw holding two rows or more of one shape, by locator: a list whatever number of rows
    /// they hold later, one included (`LoneRowPass`). Learnt while crawling (`StateIndex`).
    public var learntLists: [String: LearntList] = [:]
    /// Collections whose members are screens of one kind, as the hash route with the member's segment as `*`
    /// (`#/place/*`): the crawl saw two members show one screen but for labels and headings, so which member a route
    /// names is data (`ScreenContextPass` writes `*` there). Learnt while crawling (`StateIndex`).
    public var collections: Set<String> = []
    public init(overrides: AbstractionOverrides = AbstractionOverrides(), rootRoutes: Set<String> = []) {
        self.overrides = overrides
        self.rootRoutes = rootRoutes
    }

    static let passes: [AbstractionPass.Type] = [
        IgnoredRegionPass.self, CoveredContentPass.self, ScreenContextPass.self, ListCollapsePass.self, LoneRowPass.self, RepeatedLinkPass.self, HeadingPass.self,
        InputEchoPass.self, ControlIdentityPass.self, ContentOnlyScreenPass.self, RefinementDetailPass.self, StateNamePass.self,
    ]

    /// The standard abstraction of `snapshot`, its coarse variant and (with `refined`) the refined one.
    public func abstract(_ snapshot: UISnapshot, refined: Bool = false) -> (state: AbstractState, coarse: AbstractState) {
        let work = run(snapshot, refined: refined)
        let name = work.nameParts.joined(separator: " · ")
        return (AbstractState(properties: work.properties, name: name), AbstractState(properties: work.coarseProperties, name: name))
    }

    /// The lists of `snapshot` with two rows or more that are not learnt yet, by the container's locator.
    public func listsToLearn(_ snapshot: UISnapshot) -> [(locator: String, list: LearntList)] {
        run(snapshot, refined: false).listsToLearn.filter { learntLists[$0.locator] == nil }
    }

    /// The containers of `snapshot` abstracted as lists (rows of one shape; not menus), by their locators.
    public func listLocators(_ snapshot: UISnapshot) -> Set<String> { run(snapshot, refined: false).listLocators }

    private func run(_ snapshot: UISnapshot, refined: Bool) -> AbstractionWork {
        var work = AbstractionWork(snapshot: snapshot, overrides: overrides, rootRoutes: rootRoutes, learntLists: learntLists,
                                   collections: collections, refined: refined)
        for pass in Self.passes { pass.run(&work) }
        return work
    }
}

/// A list the crawl has seen: its property (anchor and the shapes of its rows), those shapes, and the tag its rows
/// had (`div` of `#grid > div:nth-of-type(2)`): a lone row is a child of the container with that tag.
public struct LearntList: Sendable, Hashable {
    public var value: String
    public var shapes: Set<String>
    public var rowTag: String
    public init(value: String, shapes: Set<String>, rowTag: String) { self.value = value; self.shapes = shapes; self.rowTag = rowTag }

    /// The tag all `rows` share as children of the container at `locator` (`css selector:#grid`), or nil when they
    /// are not its direct children of one tag (then the list is not learnt).
    public static func rowTag(of rows: [String?], under locator: String) -> String? {
        let tags = Set(rows.map { row -> String? in
            guard let row, let segment = childSegment(of: row, under: locator), row.count == locator.count + 3 + segment.count,
                  let end = segment.range(of: ":nth-of-type(") else { return nil }
            return String(segment[..<end.lowerBound])
        })
        guard tags.count == 1, let tag = tags.first else { return nil }
        return tag
    }

    /// Where the rows at `rows` lie, to learn the list by: the container at `locator` when they are its direct
    /// children of one tag, else the one box all of them are direct children of — a table's `tbody`, which the
    /// snapshot holds no element for (no role), so its rows hang from the table (`#items > tr:nth-of-type(2)` under
    /// `main > table`). Nil when they share neither (the list is not learnt).
    public static func rowsParent(of rows: [String?], under locator: String) -> (locator: String, rowTag: String)? {
        if let tag = rowTag(of: rows, under: locator) { return (locator, tag) }
        let parents = Set(rows.map { row -> String? in
            guard let row, let cut = row.range(of: " > ", options: .backwards) else { return nil }
            return String(row[..<cut.lowerBound])
        })
        guard parents.count == 1, let parent = parents.first, let parent, let tag = rowTag(of: rows, under: parent) else { return nil }
        return (parent, tag)
    }

    /// The child of the container at `container` that the element at `locator` lies in (`div:nth-of-type(2)` for
    /// `#grid > div:nth-of-type(2) > h3` under `#grid`), or nil when it lies elsewhere.
    public static func childSegment(of locator: String, under container: String) -> Substring? {
        let prefix = container + " > "
        guard locator.hasPrefix(prefix) else { return nil }
        return locator.dropFirst(prefix.count).prefix { $0 != " " }
    }
}

/// User overrides of the abstraction (the crawl specification's `abstraction:` part): elements or regions to ignore
/// and containers to treat as lists, each matched by `id:`, `label:` or `css:` regular expression.
public struct AbstractionOverrides: Sendable {
    public var ignore: [ElementMatcher] = []
    public var lists: [ElementMatcher] = []
    public init(ignore: [ElementMatcher] = [], lists: [ElementMatcher] = []) { self.ignore = ignore; self.lists = lists }
}
