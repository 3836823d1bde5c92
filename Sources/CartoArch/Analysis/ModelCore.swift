import CartoCore
import Foundation

/// The model core: which model-layer code the rules judge as a model where it reaches for presentation.
///
/// Plain models and interfaces are the model layer by default — "no UI or controller role found" — so the bucket
/// also holds presentation glue nobody gave a role: app-lifecycle services holding the main coordinator
/// (DuckDuckGo's `VPNService`, `KeyboardService`), renderers and workers of one screen (`WebProgressWorker` holding
/// its progress bar), view-model builders, descriptors listing each screen's view model. Judging those as models made
/// most of the "model depends on presentation" findings on apps seen for the first time ones no reviewer defends.
///
/// A finding is real when presentation leaks into what the model needs. So a plain model or interface is judged as
/// a model where it reaches for presentation only when
/// - model code that reaches for no presentation depends on it, directly or through other such code (the model core
///   reaches it: `Downloader` → `NetworkWarning` → an options sheet), or
/// - its module has no presentation at all (a `Storage` module reaching into a `UI` module), or its authors keep it
///   in a model folder (`Models/`, `Services/`, `Domain/`, …), or
/// - nothing in the codebase uses it (no evidence either way: judged by its own layer), or
/// - the presentation it reaches for uses it: the back-reference MVC forbids (`Cart.screen` pointing at the
///   `CartViewController` holding the cart, a `PostStore.owner` pointing at its view model).
/// Otherwise only presentation code (views, view controllers, coordinators, view models, the application delegate)
/// and other such glue use it, and its reach for presentation is presentation code's.
/// Roles given by evidence (entities, interactors, layers `.carto.yml` declares) are always the model core.
/// Two more kinds of plain-model code are presentation's whoever uses them: stateless utilities reaching for nothing
/// but presentation (UI plumbing), and extensions of a model written in a presentation type's file.
struct ModelCore {
    /// Per component: a plain model or interface that only presentation uses, whose reach for presentation is
    /// presentation code's (except back-references, `isBackReference`).
    let isGlue: [Bool]
    /// Per component, its outermost enclosing type: a type and its nested types are one unit.
    let outer: [Int]
    /// Per unit, the units it references (app code, outside itself).
    private let references: [[Int]]
    /// File → the first presentation type declared at its top level.
    private let presentationFiles: [String: Int]
    /// Per component: an application type whose static members hand out no presentation.
    private let isNamespace: [Bool]
    /// Per component: presentation a model may depend on — an application service with a UI facet, or a presenter
    /// protocol.
    let isApplicationService: [Bool]
    /// Model-side classes and protocols a presentation helper works with from which it is an application service.
    static let applicationServiceThreshold = 5
    /// Distinct components a composition root creates, at the least, of which at least three models and three
    /// presentation components. Measured on twelve apps: ProtonVPN's two `DependencyContainer`s create 36 (15
    /// presentation) and 21 (9), its `Container` 46 (3 view models); the big model managers create up to 43 with at
    /// most one presentation component (Loop's `DeviceDataManager`: 19, one alert helper — still a model).
    static let compositionRootSize = 12

    /// Reading a static member of the application type that hands out no presentation: a global in its namespace.
    func isNamespaceRead(to: Int, kind: DependencyKind) -> Bool {
        kind == .staticMemberAccess && isNamespace[to]
    }

    /// Roles the model layer gets for want of another: judged by who reaches them.
    static let fallbackRoles: Set<String> = [Role.model, Role.interface]

    init(_ components: [Component], assignments: [LayerAssignment], graph: Multigraph<Int, ExtractedArchitecture.Site>,
         outermost outer: [Int], ignoring ignored: [Bool]) {
        func isPresentation(_ a: LayerAssignment) -> Bool {
            a.layer == LayerDefinition.view.name || a.layer == LayerDefinition.controller.name || a.role == Role.viewModel
        }
        // Per-component facts first: the edge walk below runs for every edge and compares no strings.
        let isTest = assignments.map { $0.layer == LayerDefinition.test.name }
        let isPres = assignments.map(isPresentation)
        let isPlain = assignments.map { Self.fallbackRoles.contains($0.role) && $0.layer == LayerDefinition.model.name }
        let isHelper = assignments.map { $0.role == Role.presentationHelper }
        // Adjacency between units as arrays (duplicates allowed: the walks below mark what they visit).
        var references = Array(repeating: [Int](), count: components.count)
        var used = Array(repeating: false, count: components.count)
        var touchesPresentation = Array(repeating: false, count: components.count)
        // Uses a non-presentation type other than reading its static members (a feature flag, a constant).
        var usesModel = Array(repeating: false, count: components.count)
        // Presentation helpers that work with several model services (Loop's `AlertManager` holding the alert store,
        // analytics and the loop data manager, and presenting through an `AlertPresenter`) are application services
        // with a UI facet: a model holding one holds that service. UI helpers a model might call to show a sheet or a
        // toast (Pocket Casts' `OptionsPicker`, `Toast`) work with at most three (measured: 0–3 against 7–30).
        var modelServices: [Int: Set<Int>] = [:]
        // What each plain model creates (distinct units), by kind.
        var created: [Int: Set<Int>] = [:]
        var createdKinds: [Int: (total: Int, presentation: Int, model: Int)] = [:]
        for edge in graph.edges where edge.label.context != .fixture {
            let from = outer[edge.from], to = outer[edge.to]
            guard from != to, !isTest[from], !isTest[edge.to] else { continue }
            references[from].append(to)
            used[to] = true
            // A type nested in presentation is part of it (`Launching.StateContext` of an app state that shows the UI).
            if !ignored[edge.to], isPres[edge.to] || isPres[to] {
                touchesPresentation[from] = true
            } else if edge.label.kind != .staticMemberAccess {
                usesModel[from] = true
            }
            if edge.label.kind == .initializerCall, isPlain[from], created[from, default: []].insert(to).inserted {
                createdKinds[from, default: (0, 0, 0)].total += 1
                if isPres[to] { createdKinds[from]!.presentation += 1 } else if isPlain[to] { createdKinds[from]!.model += 1 }
            }
            if isHelper[edge.from], Self.fallbackRoles.contains(assignments[edge.to].role),
               [.class, .actor, .protocol].contains(components[edge.to].kind) {
                modelServices[edge.from, default: []].insert(edge.to)
            }
        }
        var modulesWithPresentation = Set<String?>()
        for i in components.indices where isPres[i] { modulesWithPresentation.insert(components[i].module) }

        // Seeds: model-side units that reach for no presentation, units of a module without presentation, and
        // units whose role was given by evidence. Then everything plain they reach, through plain models.
        var core = Array(repeating: false, count: components.count)
        var frontier: [Int] = []
        for i in components.indices where outer[i] == i && AnalysisStage.modelSideRoles.contains(assignments[i].role) {
            let plain = Self.fallbackRoles.contains(assignments[i].role)
            if !plain || !touchesPresentation[i] || !modulesWithPresentation.contains(components[i].module)
                || Self.isInModelFolder(components[i].file) {
                core[i] = true
                frontier.append(i)
            }
        }
        while let unit = frontier.popLast() {
            for next in references[unit] where !core[next] && isPlain[next] {
                core[next] = true
                frontier.append(next)
            }
        }
        // Stateless utilities reaching for nothing but presentation, besides reading flags and constants (Pocket
        // Casts' `SceneHelper` finding the key window, its root view controller and the app delegate): UI plumbing
        // whoever calls them.
        var plumbing = Array(repeating: false, count: components.count)
        for i in components.indices where outer[i] == i && Self.fallbackRoles.contains(assignments[i].role) {
            let c = components[i]
            guard c.kind != .protocol, !c.methods.isEmpty, c.methods.allSatisfy(\.isStatic),
                  c.properties.allSatisfy({ $0.isStatic || $0.isComputed }) else { continue }
            plumbing[i] = touchesPresentation[i] && !usesModel[i]
        }
        // Screen-factory interfaces (ProtonVPN's `protocol CountryService { func makeCountryViewController(…) ->
        // CountryViewController }`): every requirement returns a screen or presents one. They are the presentation's
        // factories, as struct and enum screen factories are.
        // Names of the codebase's presentation types, built the first time a signature is looked at (most
        // codebases have few screen-factory protocols and application types with static members).
        var presentationTypeNames: Set<String>?
        func isPresentationTypeName(_ name: String) -> Bool {
            if presentationTypeNames == nil { presentationTypeNames = Set(components.indices.filter { isPres[$0] }.map { components[$0].name }) }
            return presentationTypeNames!.contains(name)
        }
        func namesScreen(_ written: String?) -> Bool {
            guard var name = written?.trimmingCharacters(in: CharacterSet(charactersIn: "?! ")) else { return false }
            if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
            return isPresentationTypeName(name) || SDKKnowledgeBase.isViewControllerName(name)
        }
        for i in components.indices where outer[i] == i && isPlain[i] && components[i].kind == .protocol && touchesPresentation[i] {
            let methods = components[i].methods
            // Requirements that present (`func presentReportBug()`) belong to a screen factory too.
            let presents = ["present", "show", "open", "push"]
            if methods.contains(where: { namesScreen($0.returnType) }),
               methods.allSatisfy({ m in namesScreen(m.returnType) || (m.returnType == nil && presents.contains { m.name.hasPrefix($0) }) }) {
                plumbing[i] = true
            }
        }
        // Composition roots (ProtonVPN's `DependencyContainer`, DuckDuckGo's `AppDependencies`): a plain model that
        // creates a wide range of the codebase's components, presentation and model alike, is wiring, not model.
        for (i, n) in createdKinds where isPlain[outer[i]] && n.total >= Self.compositionRootSize && n.model >= 3 && n.presentation >= 3 {
            plumbing[outer[i]] = true
        }
        // Files declaring presentation at top level: an extension of a model written there (`extension DiscoverItem
        // { func cellType() -> DiscoverCellType? }` beside the cell types, `extension AppEnvironment` in
        // AppDelegate.swift) is that presentation's code.
        var presentationFiles: [String: Int] = [:]
        for (i, c) in components.enumerated() where outer[i] == i && presentationFiles[c.file] == nil
            && (isPres[i] || assignments[i].role == Role.applicationDelegate) {
            presentationFiles[c.file] = i
        }
        self.presentationFiles = presentationFiles
        // The application type as a namespace: reading its static members (Trio's `TrioApp.resolver`, the
        // dependency container; Aidoku's `AppDelegate.legacySettingKeys`) reaches no presentation when none of them
        // hands out the app itself or a screen or view (`AppDelegate.shared`, `static var mainWindow`).
        let applicationTypes = assignments.indices.filter { assignments[$0].role == Role.applicationDelegate }
        let applicationTypeNames = Set(applicationTypes.map { components[$0].name })
        func handsOutPresentation(_ written: String?) -> Bool {
            guard let written else { return false }
            let name = written.trimmingCharacters(in: CharacterSet(charactersIn: "?! "))
            return applicationTypeNames.contains(name) || isPresentationTypeName(name) || SDKKnowledgeBase.isViewControllerName(name)
                || SDKKnowledgeBase.isViewName(name) || name.hasSuffix("Window") || name.hasSuffix("Scene")
        }
        self.isApplicationService = components.indices.map { i in
            (isHelper[i] && (modelServices[i]?.count ?? 0) >= Self.applicationServiceThreshold)
                // A presenter protocol (`AlertPresenter`, a VIPER presenter's output) is the abstraction models talk
                // back through: depending on it is the inversion, not a leak.
                || (assignments[i].role == Role.presenter && components[i].kind == .protocol)
        }
        var isNamespace = Array(repeating: false, count: components.count)
        for i in applicationTypes {
            let c = components[i]
            isNamespace[i] = !c.properties.contains { $0.isStatic && handsOutPresentation($0.type) }
                && !c.methods.contains { $0.isStatic && handsOutPresentation($0.returnType) }
        }
        self.isNamespace = isNamespace
        self.outer = outer
        self.references = references
        self.isGlue = components.indices.map { i in
            let unit = outer[i]
            return isPlain[unit] && (plumbing[unit] || (!core[unit] && used[unit]))
        }
    }

    /// The presentation component whose file holds this reference, when it was made in an extension of a plain
    /// model declared in another type's presentation file.
    func extensionOwner(of from: Int, site: ExtractedArchitecture.Site, _ components: [Component], _ assignments: [LayerAssignment]) -> Int? {
        guard site.file != components[from].file, Self.fallbackRoles.contains(assignments[outer[from]].role) else { return nil }
        return presentationFiles[site.file]
    }

    /// Folders in which a codebase's authors keep their model (`ShopApp/Models/PriceFormatter.swift`): what they put
    /// there is the model by their own account.
    static let modelFolders: Set<String> = ["model", "models", "domain", "entities", "services", "storage", "persistence", "networking"]

    static func isInModelFolder(_ file: String) -> Bool {
        file.split(separator: "/").dropLast().contains { modelFolders.contains($0.lowercased()) }
    }

    /// `from` holds, or is handed, presentation that uses it (its screen, its view model): a property or parameter
    /// typed by its user. Looking its user up (`rootViewController as? MainTabBarController`) is not holding it.
    func isBackReference(from: Int, to: Int, kind: DependencyKind) -> Bool {
        (kind == .property || kind == .parameter) && references[outer[to]].contains(outer[from])
    }
}
