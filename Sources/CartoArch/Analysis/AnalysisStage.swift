import CartoCore
import Foundation

/// Phase 4 of the paper: check every edge against the rules and measure the layers.
public struct AnalysisStage: Sendable {
    public var preset: Preset
    public var layers: [LayerDefinition]
    public var rules: [any ArchitectureRule]
    /// Rules for edges leaving a module whose detected style differs from the codebase's (`auto` only).
    public var moduleRules: [String: [any ArchitectureRule]]
    public var allowed: Set<LayerPair>
    public var baseline: Baseline?
    /// The detected style for the report (detected from the assignments given to `run` when nil).
    public var detected: DetectedArchitecture?

    public init(preset: Preset, configuration: CartoConfiguration = CartoConfiguration(), baseline: Baseline? = nil,
                detected: DetectedArchitecture? = nil) {
        self.preset = preset
        self.detected = detected
        var layers = preset.layers
        for custom in configuration.layers where !layers.contains(where: { $0.name == custom.name }) {
            let palette = ["#6C757D", "#17A2B8", "#B5651D", "#6F42C1", "#20C997", "#E83E8C"]
            layers.append(LayerDefinition(name: custom.name, title: custom.title ?? custom.name.capitalized,
                                          color: custom.color ?? palette[layers.count % palette.count]))
        }
        self.layers = layers
        let configured: [any ArchitectureRule] = configuration.forbidden.map { ForbiddenLayerDependencyRule(from: $0.from, to: $0.to) }
            + configuration.forbiddenModuleDependencies.map { ForbiddenModuleDependencyRule(from: $0.from, to: $0.to) }
        self.rules = preset.rules + configured
        self.moduleRules = preset.name == Preset.auto.name ? (detected?.moduleRules ?? [:]).mapValues { $0 + configured } : [:]
        self.allowed = Set(configuration.allowed)
        self.baseline = baseline
    }

    public func run(_ architecture: ExtractedArchitecture, assignments: [LayerAssignment]) -> ArchitectureReport {
        run(architecture, assignments: assignments, lists: nil)
    }

    /// `lists`: the dependency and external-reference lists when the caller already built them (possibly
    /// on another thread while categorisation ran); they depend on extraction only.
    func run(_ architecture: ExtractedArchitecture, assignments: [LayerAssignment],
             lists: (dependencies: [Dependency], external: [ExternalReference])?) -> ArchitectureReport {
        let components = architecture.components
        let document = architecture.document
        let graph = architecture.graph
        var violations: [Violation] = []
        var suppressed = 0
        var violatingTargets: [Set<Int>] = Array(repeating: [], count: components.count)
        var violationCounts = Array(repeating: 0, count: components.count)
        var delegateInterfaces = 0

        // A type nested in a view or view controller (`ToolbarButton.Role` building the button's icons), or a value
        // type only views use that builds view content, is part of that screen where it reaches for views, view
        // controllers and view models: the rules judge those edges by the screen's layer (its other edges, to
        // models, by its own).
        let outermost = Self.outermostTypes(components)
        var unitOf = Self.screenUnits(components, assignments: assignments, outermost: outermost)
        let helpers = Self.addViewHelpers(to: &unitOf, components, assignments: assignments, graph: graph,
                                                typealiases: document.typealiases)
        let judgesViews = layers.contains { $0.name == LayerDefinition.view.name }
        // Colours and styles of the codebase (`ThemedColor: ShapeStyle, View`) are values a model may carry, like
        // SwiftUI's `Color`: not views, whatever else they conform to.
        // So is a codebase's theming: a model-layer type named for its theme or appearance (ownCloud's `Theme`,
        // `ThemeCollection` and `Themeable` that every view registers with; ProtonVPN's `DarkAppearance`) is styling
        // the views apply, not a model they depend on (measured: 242 of ownCloud's 554 first-run findings).
        let styleValues = architecture.conformances.indices.map { i in
            if assignments[i].layer == LayerDefinition.model.name, Self.namesStyling(components[i].name) { return true }
            return architecture.conformances[i].contains { target in
                guard case .external(let name) = target else { return false }
                return SDKKnowledgeBase.unqualified(name) == "ShapeStyle"
            }
        }
        let declarativeViews = Self.declarativeViews(architecture, assignments: assignments)
        // `--preset mvc` asks for the paper's rules as written, R1 on every view included.
        let exemptsSwiftUIViews = preset.name == Preset.auto.name
        let modelCore = ModelCore(components, assignments: assignments, graph: graph, outermost: outermost, ignoring: styleValues)
        for edge in graph.edges {
            // Mocks and previews are test code, which no rule constrains, wherever they are declared.
            if edge.label.context == .fixture { continue }
            if styleValues[edge.to] { continue }
            if modelCore.isNamespaceRead(to: edge.to, kind: edge.label.kind) { continue }
            if modelCore.isApplicationService[edge.to], Self.modelSideRoles.contains(assignments[edge.from].role) { continue }
            let to = assignments[edge.to]
            let presentation = to.layer == "view" || to.layer == "controller" || to.role == Role.viewModel
            var from = assignments[presentation ? unitOf[edge.from] : edge.from]
            // A model with a member declared to return SwiftUI view content of the codebase (`story(for:) -> any StoryView`,
            // `StoryView = Story & View`) is a view factory: the views it builds are view code. A concrete UIKit view
            // returned by a model (`PriceFormatter.tag(for:) -> PriceTagView`) is still a model building a view.
            if to.role == Role.view, from.layer == LayerDefinition.model.name, helpers.viewFactories.contains(edge.from) { from = Self.viewCode }
            // A model type dequeuing cells (Mastodon's `StatusSection` making a diffable data source, with its
            // `configure(cell:)` helpers) is a data-source helper, and one holding `AnyView` content a view container
            // (Swiftfin's `NavigationRoute`, whose factories build each destination): its reach for views and view models
            // (`StatusTableViewCell.ViewModel`) is view code. A view model doing the same is still reported — building
            // cells is exactly what MVVM keeps out of view models.
            if to.role == Role.view || to.role == Role.viewModel, from.layer == LayerDefinition.model.name, from.role == Role.model,
               helpers.viewCodeTypes.contains(unitOf[edge.from]) {
                from = Self.viewCode
            }
            // A helper only presentation code uses, reaching only for presentation or creating what shows screens
            // (`AnimatedSVGWebViewCache`, `MultiSelectHelper` building an options picker), works for that code.
            if helpers.presentationSide.contains(edge.from), to.layer != LayerDefinition.test.name, !Self.modelSideRoles.contains(to.role) {
                from = Self.presentationCode
            }
            // A plain model only presentation code and its glue use (DuckDuckGo's `VPNService`, held by the app's
            // dependencies and launch state, holding the main coordinator): its reach for presentation is theirs —
            // except a back-reference to presentation that holds it (`ModelCore`).
            if presentation, Self.modelSideRoles.contains(from.role), from.layer == LayerDefinition.model.name,
               modelCore.isGlue[edge.from], !modelCore.isBackReference(from: edge.from, to: edge.to, kind: edge.label.kind) {
                from = Self.presentationCode
            } else if presentation, Self.modelSideRoles.contains(from.role), from.layer == LayerDefinition.model.name,
                      let owner = modelCore.extensionOwner(of: edge.from, site: edge.label, components, assignments) {
                from = assignments[owner]
            }
            // A helper only view models use (`TimelineInteractionHandler`, split out of `TimelineViewModel`) may create
            // child view models as they do; holding one (a store keeping its view model) is still reported.
            if to.role == Role.viewModel, [.initializerCall, .returnType, .localVariable].contains(edge.label.kind),
               let user = helpers.viewModelHelpers[edge.from] { from = assignments[user] }
            // A member that builds a SwiftUI view is view code wherever it is declared (`AppTab.makeContentView()`
            // choosing each tab's screen): its reach for views and view models is judged as a view's. A view model's
            // or observable model's view building is not excused — that is the MVVM violation itself.
            if edge.label.context == .viewBuilding, presentation, judgesViews, from.layer == LayerDefinition.model.name,
               from.role != Role.viewModel, from.role != Role.observableModel {
                from = Self.viewCode
            }
            if !allowed.isEmpty, allowed.contains(LayerPair(from: from.layer, to: to.layer)) { continue }
            // Most edges break no rule: decide that first (without copying components or building arrays — this runs
            // for every edge), and look for nesting and delegation only where a rule would fire.
            let fromModule = components[edge.from].module, toModule = components[edge.to].module
            let edgeRules = fromModule.flatMap { moduleRules[$0] } ?? rules
            // R1 is the paper's rule for UIKit views, which a controller fills: a SwiftUI view is declared from its
            // data, so holding its model or view model is the pattern in any style (ShopApp's SwiftUI settings
            // screen inside an MVC app). Rules `.carto.yml` declares, and an explicit `--preset`, still apply.
            let declarative = exemptsSwiftUIViews && (declarativeViews[unitOf[edge.from]] || declarativeViews[edge.from])
            guard edgeRules.contains(where: { !(declarative && $0 is ViewIsolationRule) && $0.isViolated(from: from, to: to, fromModule: fromModule, toModule: toModule) }) else { continue }
            // A type and the types nested in it are one unit (`ProductCell` and `ProductCell.Style`): never a violation.
            if Self.isNesting(components[edge.from].qualifiedName, components[edge.to].qualifiedName) { continue }
            let a = components[edge.from], b = components[edge.to]
            let broken = edgeRules.filter { !(declarative && $0 is ViewIsolationRule) && $0.isViolated(from: from, to: to, fromModule: a.module, toModule: b.module) }
            if Self.isDelegation(from: components[edge.from], from, to: components[edge.to], to, kind: edge.label.kind)
                || (edge.label.kind == .parameter && Self.adoptsDelegateProtocol(of: b, adopter: edge.from, architecture)) {
                delegateInterfaces += 1
                continue
            }
            for rule in broken {
                let ids = Set([rule.identifier] + rule.aliases + ["*"])
                let lineIgnores = document.ignores[edge.label.file]?[edge.label.line] ?? []
                if !lineIgnores.isDisjoint(with: ids) || !components[edge.from].ignoredRules.isDisjoint(with: ids) {
                    suppressed += 1
                    continue
                }
                let message = rule is ForbiddenModuleDependencyRule
                    ? "'\(a.name)' (module \(a.module ?? "")) depends on '\(b.name)' (module \(b.module ?? "")) (\(describe(edge.label.kind))): \(rule.name)"
                    : "\(title(from.layer)) '\(a.name)' depends on \(to.layer) '\(b.name)' (\(describe(edge.label.kind))): \(rule.name.lowercased())"
                violations.append(Violation(
                    rule: rule.identifier, from: a.id, to: b.id, fromLayer: from.layer, toLayer: to.layer, kind: edge.label.kind,
                    file: edge.label.file, line: edge.label.line, message: message, isNew: true))
                violatingTargets[edge.from].insert(edge.to)
                violationCounts[edge.from] += 1
            }
        }
        violations.sort()
        baseline?.apply(to: &violations)

        let lists = lists ?? (architecture.dependencies(), architecture.externalReferenceList())
        let metrics = measure(architecture, assignments: assignments, external: lists.external, violations: violations, suppressed: suppressed,
                              violatingTargets: violatingTargets, violationCounts: violationCounts, delegateInterfaces: delegateInterfaces)
        let reportComponents = components.indices.map { i -> ArchitectureReport.ReportComponent in
            let c = components[i], a = assignments[i]
            return .init(id: c.id, name: c.name, qualifiedName: c.qualifiedName, kind: c.kind, module: c.module, layer: a.layer, role: a.role,
                         heuristic: a.heuristic, reason: a.reason, file: c.file, line: c.line, size: c.size)
        }.sorted { ($0.qualifiedName, $0.file, $0.line) < ($1.qualifiedName, $1.file, $1.line) }

        // Layers the preset does not declare but heuristics used (test code) are listed after the preset's.
        var reportLayers = layers
        for a in assignments where !reportLayers.contains(where: { $0.name == a.layer }) {
            reportLayers.append(a.layer == LayerDefinition.test.name ? .test : LayerDefinition(name: a.layer, title: a.layer.capitalized, color: "#9AA0A6"))
        }
        return ArchitectureReport(
            root: document.root, preset: preset.name, architecture: detected ?? StyleDetection.detect(architecture, assignments: assignments),
            layers: reportLayers,
            rules: allRules.map { .init(id: $0.identifier, aliases: $0.aliases, name: $0.name, summary: $0.summary) },
            modules: document.modules,
            components: reportComponents, dependencies: lists.dependencies,
            externalDependencies: lists.external, violations: violations, metrics: metrics,
            diagnostics: document.diagnostics)
    }

    /// Names of theming and appearance types.
    static func namesStyling(_ name: String) -> Bool {
        name.contains("Theme") || name.contains("Appearance")
    }

    /// Views that are SwiftUI views (conforming, directly or through the codebase's protocols, to a SwiftUI view
    /// protocol) rather than UIKit or AppKit views.
    static func declarativeViews(_ architecture: ExtractedArchitecture, assignments: [LayerAssignment]) -> [Bool] {
        var known: [Int: Bool] = [:]
        func conformsToSwiftUI(_ i: Int, depth: Int) -> Bool {
            if let k = known[i] { return k }
            guard depth < 8 else { return false }
            let found = architecture.conformances[i].contains { target in
                switch target {
                case .external(let name): return SDKKnowledgeBase.isSwiftUIViewProtocol(SDKKnowledgeBase.unqualified(name))
                case .component(let j): return conformsToSwiftUI(j, depth: depth + 1)
                }
            }
            known[i] = found
            return found
        }
        return assignments.indices.map { i in
            assignments[i].role == Role.view && architecture.superclass[i] == nil && conformsToSwiftUI(i, depth: 0)
        }
    }

    /// The codebase's rules, then those only some modules' styles add.
    var allRules: [any ArchitectureRule] {
        var seen = Set(rules.map(\.identifier))
        var result = rules
        for key in moduleRules.keys.sorted() { for r in moduleRules[key]! where seen.insert(r.identifier).inserted { result.append(r) } }
        return result
    }

    static func isNesting(_ a: String, _ b: String) -> Bool {
        (a.count > b.count && a.hasPrefix(b) && a.dropFirst(b.count).first == ".")
            || (b.count > a.count && b.hasPrefix(a) && b.dropFirst(a.count).first == ".")
    }

    /// Delegation, which no rule forbids whatever layers its ends are in: a component holding its own delegate
    /// protocol, and a delegate protocol whose methods name the sender and its parts as parameters
    /// (`func statusView(_ view: StatusView, didTap avatar: AvatarButton)`,
    /// `func productList(_ controller: ProductListViewController, didSelect product: Product)`) — taken for an
    /// interface, or named …Delegate / …DataSource where no adopter made it one (`AttachmentViewModelDelegate`
    /// naming its view model).
    static func isDelegation(from a: Component, _ fromAssignment: LayerAssignment, to b: Component, _ toAssignment: LayerAssignment,
                             kind: DependencyKind) -> Bool {
        if isOwnInterface(b, of: a, assignment: toAssignment) { return true }
        guard a.kind == .protocol, kind == .parameter else { return false }
        return fromAssignment.role == Role.interface || a.name.hasSuffix("Delegate") || a.name.hasSuffix("DataSource")
    }

    /// The adopter implements `sender`'s delegate or data-source protocol, whose methods name the sender
    /// (`MainViewController: AIChatViewControllerManagerDelegate` receiving `aiChatViewControllerManager(_ manager:…)`):
    /// the parameter is the protocol's doing, not a dependency the adopter chose.
    static func adoptsDelegateProtocol(of sender: Component, adopter: Int, _ architecture: ExtractedArchitecture) -> Bool {
        let names = ["Delegate", "DataSource"].map { sender.name + $0 }
        return architecture.conformances[adopter].contains { target in
            switch target {
            case .component(let j): return names.contains(architecture.components[j].name)
            case .external(let name): return names.contains(SDKKnowledgeBase.unqualified(name))
            }
        }
    }

    /// `proto` is `owner`'s own delegate or data-source protocol: a protocol taken for an interface (`Role.interface`)
    /// and declared for the owner — named after it (`StatusView` → `StatusViewDelegate`, `…DataSource`, `…Output`)
    /// or the type of the owner's `delegate` or `dataSource` property. A view holding its delegate is how MVC talks
    /// back to the controller; the protocol is in the model layer by the convention (a protocol is not a view or a
    /// controller by what it is). Another component's delegate protocol is no such exemption (a view holding a view
    /// controller's delegate).
    static func isOwnInterface(_ proto: Component, of owner: Component, assignment: LayerAssignment) -> Bool {
        guard proto.kind == .protocol, assignment.role == Role.interface, proto.id != owner.id else { return false }
        let suffixes = ["Delegate", "DataSource", "Output"]
        if suffixes.contains(where: { proto.name == owner.name + $0 }) { return true }
        return owner.properties.contains { property in
            let name = property.name.lowercased()
            guard name.hasSuffix("delegate") || name.hasSuffix("datasource"), let type = property.type else { return false }
            return type.trimmingCharacters(in: CharacterSet(charactersIn: "?! ")) == proto.name
        }
    }

    private func title(_ layer: String) -> String { layers.first { $0.name == layer }?.title ?? layer.capitalized }

    private func describe(_ kind: DependencyKind) -> String {
        switch kind {
        case .inheritance: return "inherits from it"
        case .conformance: return "conforms to it"
        case .property: return "property type"
        case .parameter: return "parameter type"
        case .returnType: return "return type"
        case .localVariable: return "local variable type"
        case .initializerCall: return "creates an instance"
        case .staticMemberAccess: return "static member access"
        case .genericArgument: return "generic argument"
        case .genericConstraint: return "generic constraint"
        case .closureSignature: return "closure signature"
        case .typeCast: return "type cast"
        case .typeReference: return "type reference"
        case .typeAlias: return "typealias"
        case .attribute: return "attribute"
        }
    }

    private func measure(_ architecture: ExtractedArchitecture, assignments: [LayerAssignment], external: [ExternalReference],
                         violations: [Violation], suppressed: Int,
                         violatingTargets: [Set<Int>], violationCounts: [Int], delegateInterfaces: Int) -> ArchitectureMetrics {
        let components = architecture.components
        let graph = architecture.graph
        let n = components.count
        var layerNames = layers.map(\.name)
        for a in assignments where !layerNames.contains(a.layer) { layerNames.append(a.layer) }

        // Per edge, layers are small integers and pairs of components one Int: string-keyed dictionaries and
        // `[Int]` pair keys here took ~12 ms on Element X's edges.
        let layerIndex = Dictionary(uniqueKeysWithValues: layerNames.enumerated().map { ($0.element, $0.offset) })
        let layerOf = assignments.map { layerIndex[$0.layer]! }
        let isVC = assignments.map { $0.role == Role.viewController }, isCoordinator = assignments.map { $0.role == Role.coordinator }
        let l = layerNames.count
        var internalCounts = Array(repeating: 0, count: l)
        var pairCounts = Array(repeating: 0, count: l * l)
        var pairTargetSets = Array(repeating: Set<Int>(), count: l * l)
        var pairPairSets = Array(repeating: Set<Int>(), count: l * l)
        var vcToCC = (edges: 0, targets: Set<Int>(), pairs: Set<Int>())
        for edge in graph.edges {
            let a = layerOf[edge.from], b = layerOf[edge.to]
            if a == b { internalCounts[a] += 1 }
            else {
                let key = a * l + b
                pairCounts[key] += 1
                pairTargetSets[key].insert(edge.to)
                pairPairSets[key].insert(edge.from &* n &+ edge.to)
            }
            if isVC[edge.from] && isCoordinator[edge.to] {
                vcToCC.edges += 1; vcToCC.targets.insert(edge.to); vcToCC.pairs.insert(edge.from &* n &+ edge.to)
            }
        }
        var internalDeps: [String: Int] = [:]
        var pairEdges: [LayerPair: Int] = [:]
        var pairTargets: [LayerPair: Set<Int>] = [:]
        var pairPairs: [LayerPair: Int] = [:]
        for a in 0..<l {
            if internalCounts[a] > 0 { internalDeps[layerNames[a]] = internalCounts[a] }
            for b in 0..<l where a != b && pairCounts[a * l + b] > 0 {
                let key = LayerPair(from: layerNames[a], to: layerNames[b])
                pairEdges[key] = pairCounts[a * l + b]
                pairTargets[key] = pairTargetSets[a * l + b]
                pairPairs[key] = pairPairSets[a * l + b].count
            }
        }
        // The external-reference list already carries each reference's origin.
        let layerOfID = Dictionary(uniqueKeysWithValues: components.indices.map { (components[$0].id, assignments[$0].layer) })
        var refsByOrigin: [String: [ExternalOrigin: Int]] = [:]
        for ref in external { refsByOrigin[layerOfID[ref.from] ?? "", default: [:]][ref.origin, default: 0] += ref.count }
        let counts = Dictionary(grouping: assignments, by: \.layer).mapValues(\.count)
        let layerMetrics = layerNames.map { layer -> ArchitectureMetrics.LayerMetrics in
            let ext = pairEdges.filter { $0.key.from == layer }.values.reduce(0, +)
            let o = refsByOrigin[layer] ?? [:]
            let sdk = o[.sdk] ?? 0, std = o[.standardLibrary] ?? 0, other = o[.other] ?? 0
            let c = counts[layer] ?? 0
            return .init(layer: layer, components: c, share: n == 0 ? 0 : (Double(c) * 1000 / Double(n)).rounded() / 10,
                         internalDependencies: internalDeps[layer] ?? 0, externalDependencies: ext,
                         completeExternalDependencies: ext + sdk + std + other,
                         sdkReferences: sdk, standardLibraryReferences: std, otherReferences: other)
        }
        let probe = { (from: String, to: String) -> Bool in
            let a = LayerAssignment(layer: from, role: from, heuristic: "", reason: "")
            let b = LayerAssignment(layer: to, role: to, heuristic: "", reason: "")
            return !self.allowed.contains(LayerPair(from: from, to: to)) && self.rules.contains { $0.isViolated(from: a, to: b) }
        }
        var pairs: [ArchitectureMetrics.PairMetrics] = []
        for from in layerNames {
            for to in layerNames where to != from {
                let key = LayerPair(from: from, to: to)
                pairs.append(.init(from: from, to: to, dependencies: pairEdges[key] ?? 0, distinctTargets: pairTargets[key]?.count ?? 0,
                                   distinctPairs: pairPairs[key] ?? 0, violating: probe(from, to)))
            }
        }
        let vcRuleActive = rules.contains { $0.identifier == ControllerCoordinatorRule().identifier }
        let vcPair = ArchitectureMetrics.PairMetrics(from: Role.viewController, to: Role.coordinator, dependencies: vcToCC.edges,
                                                     distinctTargets: vcToCC.targets.count, distinctPairs: vcToCC.pairs.count, violating: vcRuleActive)

        let componentMetrics = (0..<n).map { i -> ArchitectureMetrics.ComponentMetrics in
            let out = graph.successors(of: i).count, inn = graph.predecessors(of: i).count
            return .init(component: components[i].id, layer: assignments[i].layer, fanOut: out, fanIn: inn,
                         instability: out + inn == 0 ? 0 : (Double(out) * 100 / Double(out + inn)).rounded() / 100,
                         externalReferences: architecture.externalReferences[i].values.reduce(0, +),
                         violations: violationCounts[i], distinctViolatingDependencies: violatingTargets[i].count)
        }.sorted { $0.component < $1.component }
        let pressure = componentMetrics.filter { $0.distinctViolatingDependencies > 0 }
            .sorted { ($1.distinctViolatingDependencies, $1.violations, $0.component) < ($0.distinctViolatingDependencies, $0.violations, $1.component) }
            .prefix(10)
        return ArchitectureMetrics(preset: preset.name, components: n, dependencies: graph.edges.count, violations: violations.count,
                                   newViolations: violations.filter(\.isNew).count, suppressedViolations: suppressed,
                                   delegateInterfaceDependencies: delegateInterfaces,
                                   layers: layerMetrics, layerDependencies: pairs, viewControllerToCoordinator: vcPair,
                                   pressurePoints: Array(pressure), componentMetrics: componentMetrics)
    }
}
