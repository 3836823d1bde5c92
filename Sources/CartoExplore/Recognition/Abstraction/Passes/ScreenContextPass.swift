import CartoCore

/// The screen's container, route and title. The container is the URL path (web; paths of one kind such as
/// `/product/17` and `/product/18` are one container) or the navigation-bar identity (iOS); the route is a single-page
/// app's hash route (`#/active`), kept apart so that two builds of one app served at different paths still compare
/// route by route. `#/` is the root route, the same as none. Numbers in titles are data (`Inbox (3)`).
public enum ScreenContextPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        let full = work.snapshot.context.container ?? ""
        var path = full, route = ""
        if let hash = full.firstIndex(of: "#") { path = String(full[..<hash]); route = String(full[hash...]) }
        if route == "#/" || route == "#!/" || route == "#" { route = "" }
        let container = LabelNormaliser.targetShape(path)
        work.properties.append(StateProperty(.container, container))
        if !route.isEmpty { work.properties.append(StateProperty(.route, LabelNormaliser.targetShape(route))) }
        let title = LabelNormaliser.mask(work.snapshot.context.title ?? "")
        if !title.isEmpty { work.properties.append(StateProperty(.title, title)) }
        work.coarseProperties = work.properties
        work.nameParts.append(title.isEmpty ? (container.isEmpty ? "screen" : container) : title)
        if !route.isEmpty { work.nameParts.append(route) }
    }
}
