import CartoCore
import Foundation

/// Code is judged by the layer it works in, not only by the type it is declared in: the passes that decide, per
/// component, whose layer the rules use for its references to presentation (views, view controllers, view models).
/// Member-level contexts (view-building members, fixtures) come from `SyntaxCollector`; these are type-level.
extension AnalysisStage {
    /// The layer a view-building member's references are judged in.
    static let viewCode = LayerAssignment(layer: LayerDefinition.view.name, role: Role.view, heuristic: "view-building",
                                          reason: "a member that builds a SwiftUI view is view code")

    /// For each component, the component whose layer the rules judge it by: itself, or — for a type nested in a
    /// view or view controller — the outermost enclosing type.
    static func screenUnits(_ components: [Component], assignments: [LayerAssignment]) -> [Int] {
        var byName: [String: Int] = [:]
        for (i, c) in components.enumerated() where byName[c.qualifiedName] == nil { byName[c.qualifiedName] = i }
        return components.indices.map { i in
            let q = components[i].qualifiedName
            guard let dot = q.firstIndex(of: "."), let top = byName[String(q[..<dot])], top != i else { return i }
            return [Role.view, Role.viewController].contains(assignments[top].role) ? top : i
        }
    }

    /// SwiftUI view content a member can build (besides the codebase's own views).
    static let viewContentTypes: Set<String> = ["some View", "any View", "AnyView", "Text", "Image", "some ShapeStyle", "some ToolbarContent"]

    /// Helpers judged as the presentation code they serve:
    /// - a value type that only views use and that builds view content (a member returning a SwiftUI view or one of
    ///   the codebase's views, or a generic parameter that is a view: `StatusRowAccessibilityLabel.finalLabel() -> Text`,
    ///   `NeutralButtonShape.style`, `ListRowDetails<Icon: View>`) becomes part of its first user in `unitOf`; a model
    ///   struct views merely display keeps its own layer, so a `Post` holding a `PostViewModel` is still reported;
    /// - a delegate protocol only view controllers adopt becomes part of its first adopter in `unitOf`;
    /// - view factories: models with a member returning `some`/`any` of the codebase's SwiftUI views;
    /// - view-model helpers: models only view models use, with the first of those view models.
    static func addViewHelpers(to unitOf: inout [Int], _ components: [Component], assignments: [LayerAssignment],
                               graph: Multigraph<Int, ExtractedArchitecture.Site>, typealiases: [TypealiasInfo] = []) -> (viewFactories: Set<Int>, viewModelHelpers: [Int: Int]) {
        var viewNames = Set<String>()
        for (i, c) in components.enumerated() where assignments[i].role == Role.view { viewNames.insert(c.name) }
        // Compositions naming a view (`typealias StoryView = Story & View`) stand for views too.
        for alias in typealiases where alias.target.contains("&") {
            if alias.target.components(separatedBy: " & ").contains(where: { $0 == "View" || viewNames.contains($0) }) {
                viewNames.insert(String(alias.qualifiedName.split(separator: ".").last ?? ""))
            }
        }
        func buildsViews(_ c: Component) -> Bool {
            func isViewType(_ written: String?) -> Bool {
                guard let t = written?.trimmingCharacters(in: CharacterSet(charactersIn: "?! ")) else { return false }
                return viewContentTypes.contains(t) || viewNames.contains(t)
            }
            // Generic over a view (`ListRowDetails<Icon: View>`): a part of the views it is built for.
            if c.references.contains(where: { $0.kind == .genericConstraint && ($0.name == "View" || $0.name == "SwiftUI.View") }) { return true }
            return c.methods.contains { isViewType($0.returnType) } || c.properties.contains { $0.isComputed && isViewType($0.type) }
        }
        func returnsCodebaseView(_ c: Component) -> Bool {
            c.methods.contains { m in
                guard var t = m.returnType, let prefix = ["any ", "some "].first(where: { t.hasPrefix($0) }) else { return false }
                t.removeFirst(prefix.count)
                return viewNames.contains(t.trimmingCharacters(in: CharacterSet(charactersIn: "?! ")))
            }
        }
        var factories = Set<Int>()
        var viewModelHelpers: [Int: Int] = [:]
        var referrers: [Int: Set<Int>] = [:]
        var adopters: [Int: Set<Int>] = [:]
        // Only plain models and interfaces can become helpers: collect the users of those alone.
        let candidate = assignments.map { $0.layer == LayerDefinition.model.name && ($0.role == Role.model || $0.role == Role.interface) }
        for edge in graph.edges where candidate[edge.to] && edge.from != edge.to && edge.label.context != .fixture {
            referrers[edge.to, default: []].insert(unitOf[edge.from])
            if edge.label.kind == .conformance { adopters[edge.to, default: []].insert(edge.from) }
        }
        for i in components.indices where unitOf[i] == i {
            let c = components[i], a = assignments[i]
            if a.layer == LayerDefinition.model.name, a.role == Role.model, returnsCodebaseView(c) { factories.insert(i) }
            // A delegate protocol only view controllers adopt is their contract (`NowPlayingActionsDelegate`
            // asking its controller for a route-picker view): its reach for views and view models is theirs.
            if c.kind == .protocol, a.role == Role.interface, let adopting = adopters[i], let first = adopting.min(),
               adopting.allSatisfy({ assignments[$0].role == Role.viewController }) {
                unitOf[i] = first
                continue
            }
            guard a.layer == LayerDefinition.model.name, a.role == Role.model, c.kind != .protocol,
                  let users = referrers[i]?.subtracting([i]), let first = users.min() else { continue }
            if c.kind == .struct || c.kind == .enum, users.allSatisfy({ assignments[$0].role == Role.view }), buildsViews(c) {
                unitOf[i] = first
            } else if users.allSatisfy({ assignments[$0].role == Role.viewModel }) {
                viewModelHelpers[i] = first
            }
        }
        return (factories, viewModelHelpers)
    }

}
