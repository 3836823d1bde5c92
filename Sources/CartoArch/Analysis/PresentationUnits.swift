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
    /// view, view controller or coordinator (`SceneCoordinator.Scene` listing the screens it shows, with their view
    /// models), or a model-side type nested in a presentation helper or view model (a view model's `State` holding
    /// its child view models) — the outermost enclosing type.
    static func screenUnits(_ components: [Component], assignments: [LayerAssignment], outermost: [Int]) -> [Int] {
        components.indices.map { i in
            let top = outermost[i]
            guard top != i else { return i }
            let parent = assignments[top].role
            if [Role.view, Role.viewController, Role.coordinator].contains(parent) { return top }
            // A view nested in a view model stays a view; its model-side parts (`State`) are the view model's.
            return modelPartOwners.contains(parent) && modelSideRoles.contains(assignments[i].role) ? top : i
        }
    }

    /// For each component, its outermost enclosing type (itself at top level): a type and its nested types are
    /// one unit.
    static func outermostTypes(_ components: [Component]) -> [Int] {
        var byName: [String: Int] = [:]
        for (i, c) in components.enumerated() where !c.qualifiedName.contains(".") && byName[c.qualifiedName] == nil { byName[c.qualifiedName] = i }
        return components.indices.map { i in
            let q = components[i].qualifiedName
            guard let dot = q.firstIndex(of: ".") else { return i }
            return byName[String(q[..<dot])] ?? i
        }
    }

    /// The layer a presentation-side helper's references to presentation are judged in.
    static let presentationCode = LayerAssignment(layer: LayerDefinition.controller.name, role: Role.presentationHelper, heuristic: "presentation-side",
                                                  reason: "a helper only presentation code uses, working for it")

    /// Roles on the model side of the app: their users make a helper part of the model, not of the presentation.
    static let modelSideRoles: Set<String> = [Role.model, Role.interface, Role.entity, Role.interactor, Role.custom]

    /// Stored property types that hold view content.
    static let viewContentHolders: Set<String> = ["AnyView", "[AnyView]", "SwiftUI.AnyView", "() -> AnyView", "() -> some View"]

    /// Roles whose nested model-side types are part of them (a view nested in them stays a view).
    static let modelPartOwners: Set<String> = [Role.presentationHelper, Role.viewModel, Role.observableModel]

    /// SwiftUI view content a member can build (besides the codebase's own views).
    static let viewContentTypes: Set<String> = ["some View", "any View", "AnyView", "Text", "Image", "some ShapeStyle", "some ToolbarContent"]

    /// Helpers judged as the presentation code they serve:
    /// - a value type that only views use and that builds view content (a member returning a SwiftUI view or one of
    ///   the codebase's views, or a generic parameter that is a view: `StatusRowAccessibilityLabel.finalLabel() -> Text`,
    ///   `NeutralButtonShape.style`, `ListRowDetails<Icon: View>`) becomes part of its first user in `unitOf`; a model
    ///   struct views merely display keeps its own layer, so a `Post` holding a `PostViewModel` is still reported;
    /// - a delegate protocol only view controllers adopt becomes part of its first adopter in `unitOf`;
    /// - view factories: models with a member returning `some`/`any` of the codebase's SwiftUI views;
    /// - view-model helpers: models only view models use, with the first of those view models;
    /// - presentation-side helpers: models no model-side code uses that either reach for nothing but presentation and
    ///   do more than hold it (`AnimatedSVGWebViewCache` creating and handing out warm web views, a widget bundle's
    ///   `@main` launcher, an environment key returning a presentation helper — a model whose one dependency is a
    ///   property holding its screen is R2's back-reference and still reported), or show UI by creating a
    ///   presentation helper or coordinator for their callers (`MultiSelectHelper` building an `OptionsPicker` for
    ///   the screens that use it), or only work on the views and
    ///   screens their presentation callers hand them (`OmniBarNotificationAnimator.cancelAnimations(in: OmniBar)`),
    ///   or are parts of the application delegate calling back into it (`MenuManager`). A model used by models, or
    ///   reaching for models too (`PriceFormatter` formatting `Money` and building a tag view), keeps its own layer.
    static func addViewHelpers(to unitOf: inout [Int], _ components: [Component], assignments: [LayerAssignment],
                               graph: Multigraph<Int, ExtractedArchitecture.Site>, typealiases: [TypealiasInfo] = [])
        -> (viewFactories: Set<Int>, viewModelHelpers: [Int: Int], presentationSide: Set<Int>, viewCodeTypes: Set<Int>) {
        var viewNames = Set<String>()
        for (i, c) in components.enumerated() where assignments[i].role == Role.view { viewNames.insert(c.name) }
        // Compositions naming a view (`typealias StoryView = Story & View`) stand for views too.
        for alias in typealiases where alias.target.contains("&") {
            if alias.target.components(separatedBy: " & ").contains(where: { $0 == "View" || viewNames.contains($0) }) {
                viewNames.insert(String(alias.qualifiedName.split(separator: ".").last ?? ""))
            }
        }
        func buildsViewContent(_ c: Component) -> Bool {
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
        // What each candidate reaches for, outside itself, its nested types and test code: whether nothing but
        // presentation (false once a model-side target is seen), whether it creates something that shows screens.
        var reachesPresentationOnly: [Int: Bool] = [:]
        var createsPresenter = Set<Int>()
        var presentationReached: [Int: Set<Int>] = [:]
        var worksWithPresentation = Set<Int>()
        // Whether every reach for presentation is a parameter: it works on the views and screens its callers hand it.
        var onlyHandedPresentation: [Int: Bool] = [:]
        for edge in graph.edges where edge.from != edge.to && edge.label.context != .fixture {
            if candidate[edge.to] {
                referrers[edge.to, default: []].insert(unitOf[edge.from])
                if edge.label.kind == .conformance { adopters[edge.to, default: []].insert(edge.from) }
            }
            let target = assignments[edge.to]
            guard candidate[edge.from], target.layer != LayerDefinition.test.name,
                  !isNesting(components[edge.from].qualifiedName, components[edge.to].qualifiedName) else { continue }
            let presentation = !modelSideRoles.contains(target.role)
            reachesPresentationOnly[edge.from] = (reachesPresentationOnly[edge.from] ?? true) && presentation
            if presentation {
                presentationReached[edge.from, default: []].insert(edge.to)
                onlyHandedPresentation[edge.from] = (onlyHandedPresentation[edge.from] ?? true) && edge.label.kind == .parameter
            }
            // Holding means an instance's stored property; a computed or static one (an environment key's
            // `defaultValue`) hands presentation out.
            if presentation, edge.label.kind != .property || !components[edge.from].properties.contains(where: { !$0.isStatic && !$0.isComputed }) {
                worksWithPresentation.insert(edge.from)
            }
            if edge.label.kind == .initializerCall, target.role == Role.presentationHelper || target.role == Role.coordinator {
                createsPresenter.insert(edge.from)
            }
        }
        var presentationSide = Set<Int>()
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
            guard a.layer == LayerDefinition.model.name, a.role == Role.model, c.kind != .protocol else { continue }
            let allUsers = referrers[i]?.subtracting([i]) ?? []
            // Helpers only view models use are judged below, by what they do with view models.
            let viewModelsOnly = !allUsers.isEmpty && allUsers.allSatisfy { [Role.viewModel, Role.observableModel].contains(assignments[$0].role) }
            let appUsers = allUsers.filter { assignments[$0].layer != LayerDefinition.test.name }
            if !viewModelsOnly, appUsers.allSatisfy({ !modelSideRoles.contains(assignments[$0].role) }),
               (reachesPresentationOnly[i] == true && worksWithPresentation.contains(i)) || createsPresenter.contains(i)
                || (!appUsers.isEmpty && onlyHandedPresentation[i] == true)
                || Self.isApplicationDelegatePart(users: allUsers, reached: presentationReached[i], assignments) {
                presentationSide.insert(i)
                continue
            }
            guard let first = allUsers.min() else { continue }
            if c.kind == .struct || c.kind == .enum, allUsers.allSatisfy({ assignments[$0].role == Role.view }), buildsViewContent(c) {
                unitOf[i] = first
            } else if allUsers.allSatisfy({ assignments[$0].role == Role.viewModel }) {
                viewModelHelpers[i] = first
            }
        }
        // Types whose references to views and view models are view code: those dequeuing cells (Mastodon's
        // `StatusSection`) or adding subviews (Aidoku's `DictionaryOverlayController`), and view containers holding
        // type-erased view content (`NavigationRoute` and `TabItem` keeping `let content: AnyView` built from a
        // `@ViewBuilder` closure by their factories).
        var viewCodeTypes = Set<Int>()
        for (i, c) in components.enumerated() where assignments[i].role == Role.model {
            if c.buildsViews || c.properties.contains(where: { p in
                !p.isStatic && !p.isComputed && p.type.map { Self.viewContentHolders.contains($0.trimmingCharacters(in: CharacterSet(charactersIn: "?! "))) } == true
            }) { viewCodeTypes.insert(i) }
        }
        return (factories, viewModelHelpers, presentationSide, viewCodeTypes)
    }

    /// A part split out of the application delegate: only the app delegate uses it, and the only presentation it
    /// reaches for is that delegate (Home Assistant's `MenuManager` building the menu bar with
    /// `#selector(AppDelegate.checkForUpdate)` targets).
    static func isApplicationDelegatePart(users: Set<Int>, reached: Set<Int>?, _ assignments: [LayerAssignment]) -> Bool {
        let owners = users.filter { assignments[$0].layer != LayerDefinition.test.name }
        guard owners.count == 1, let owner = owners.first, assignments[owner].role == Role.applicationDelegate else { return false }
        return reached == [owner]
    }

}
