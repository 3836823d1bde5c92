import CartoCore

/// The screen's container, route and title. The container is the URL path (web; paths of one kind such as
/// `/product/17` and `/product/18` are one container) or the navigation-bar identity (iOS); the route is a single-page
/// app's hash route (`#/active`), kept apart so that two builds of one app served at different paths still compare
/// route by route. `#/` is the root route, the same as none, and so are the route the app put its start page at and
/// a route that the selected link on screen names (the selection names the screen). Numbers in titles are data, and
/// so is the whole title in the coarse identity of a page at an address that picks data.
public enum ScreenContextPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        let full = work.snapshot.context.container ?? ""
        var (path, route) = split(full)
        // Routes that show the root (`ScreenAbstraction.rootRoutes`) are none.
        if work.rootRoutes.contains(route) { route = "" }
        // A route the selected tab or filter names adds nothing: `/#/all` with "All" selected is the screen `/` shows
        // with "All" selected (apps differ in whether their start page carries the route). Where the two disagree —
        // the app switched its filter without changing the URL — the screen is what it shows; a route deeper than
        // the top level (`#/settings/profile` under a selected `#/settings`) counts unless the link is as deep.
        if !route.isEmpty, work.elements.indices.contains(where: { i in
            let e = work.elements[i]
            guard e.role == .link, e.selected, let target = e.target, work.shown(i) else { return false }
            let (linkPath, linkRoute) = split(target)
            return linkPath == path && max(depth(linkRoute), 1) >= depth(route)
        }) { route = "" }
        let container = LabelNormaliser.targetShape(path)
        work.properties.append(StateProperty(.container, container))
        if !route.isEmpty { route = member(LabelNormaliser.targetShape(route), of: work.collections) }
        if !route.isEmpty { work.properties.append(StateProperty(.route, route)) }
        let title = LabelNormaliser.mask(work.snapshot.context.title ?? "")
        if !title.isEmpty { work.properties.append(StateProperty(.title, title)) }
        work.coarseProperties = work.properties
        // At an address that picks data (`?year=2026&month=11`, `/product.html?id=7`), the title names what it picked
        // ("November 2026", the product's name) as the headings do: a coarsened screen leaves it out with them, so
        // pages of one kind whose titles name their data are one (`StateIndex`). Elsewhere the title names the screen.
        if let address = work.snapshot.context.address, LabelNormaliser.dataShape(address) != address {
            work.coarseProperties.removeAll { $0.kind == .title }
        }
        work.nameParts.append(title.isEmpty ? (container.isEmpty ? "screen" : container) : title)
        if !route.isEmpty { work.nameParts.append(route) }
    }

    /// Path and hash route of a container or same-origin link (`/#/active` → `/`, `#/active`); `#/`, `#!/` and `#`
    /// are the root route, the same as none.
    public static func split(_ location: String) -> (path: String, route: String) {
        guard let hash = location.firstIndex(of: "#") else { return (location, "") }
        let route = String(location[hash...])
        return (String(location[..<hash]), ["#/", "#!/", "#"].contains(route) ? "" : route)
    }

    /// On a screen without a route, the hash route the selected link of this page names (`/` with "All" → `#/all`
    /// selected): a route that shows the root.
    public static func routeNamedOnRoot(_ snapshot: UISnapshot) -> String? {
        let (path, route) = split(snapshot.context.container ?? "")
        guard route.isEmpty else { return nil }
        func find(_ e: UIElement) -> String? {
            guard e.visible else { return nil }
            if e.role == .link, e.selected, let target = e.target {
                let (linkPath, linkRoute) = split(target)
                if linkPath == path, !linkRoute.isEmpty { return linkRoute }
            }
            for child in e.children { if let found = find(child) { return found } }
            return nil
        }
        return snapshot.root.children.lazy.compactMap(find).first
    }

    static func depth(_ route: String) -> Int { route.split(separator: "/").filter { $0 != "#" && $0 != "#!" }.count }

    /// The collection a hash route names a member of — `#/place/colosseum` → `#/place/*` — or nil when it names none:
    /// its last segment follows at least one named segment (a top-level route, `#/usage`, is a screen of its own, not a
    /// member), has no query, and is not masked already. Only routes: a multi-page site served from a folder
    /// (`/site/about.html`, `/site/contact.html`) has pages under one path prefix that are not members of anything.
    public static func collection(of route: String) -> String? {
        guard route.hasPrefix("#"), !route.contains("?"), let slash = route.lastIndex(of: "/") else { return nil }
        let last = route[route.index(after: slash)...]
        let prefix = route[..<slash]
        guard !last.isEmpty, last != "#", last != "*",
              prefix.split(separator: "/").contains(where: { $0 != "#" && $0 != "#!" && !$0.isEmpty }) else { return nil }
        return prefix + "/*"
    }

    /// `route` with its member segment written `*` when it names a member of one of `collections`.
    static func member(_ route: String, of collections: Set<String>) -> String {
        guard !collections.isEmpty, let collection = collection(of: route), collections.contains(collection) else { return route }
        return collection
    }

    /// The hash route of a snapshot's container as the route property shows it (shape, before roots and selection).
    static func routeShape(_ snapshot: UISnapshot) -> String {
        LabelNormaliser.targetShape(split(snapshot.context.container ?? "").route)
    }
}
