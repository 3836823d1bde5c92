/// The architectural style a codebase is written in, as `carto arch` detects it (`auto`): the rules that fit an MVC
/// app are wrong for a SwiftUI app whose views hold their models, and the other way round.
public enum ArchitectureStyle: String, Codable, Sendable, CaseIterable {
    /// UIKit Model-View-Controller: view controllers own the screens.
    case mvc
    /// MVC with coordinators that create and present the view controllers.
    case mvcCoordinators = "mvc-coordinators"
    /// Model-View-ViewModel, UIKit or SwiftUI: screens backed by …ViewModel types.
    case mvvm
    /// View, Interactor, Presenter, Entity, Router.
    case viper
    /// SwiftUI views holding observable models (`@Observable`, `ObservableObject`) that are not named view models.
    case swiftui
    /// The Composable Architecture (or another Redux-style design): reducers, state and actions, views over stores.
    case tca

    /// The rules that fit the style, over the `auto` preset's layers and roles (VIPER uses the `viper` preset's).
    public var rules: [any ArchitectureRule] {
        switch self {
        case .mvc: return [ViewIsolationRule(), ModelIsolationRule()]
        case .mvcCoordinators: return [ViewIsolationRule(), ModelIsolationRule(), ControllerCoordinatorRule()]
        // Views may hold view models and models; models stay free of presentation, view models of views.
        case .mvvm: return [ModelPresentationIsolationRule(), ViewModelIsolationRule(), ControllerCoordinatorRule()]
        case .swiftui: return [ModelPresentationIsolationRule(), ViewModelIsolationRule()]
        case .viper: return Preset.viper.rules
        // Views hold stores of features; reducers, state and the rest of the model never reach for views.
        case .tca: return [ModelIsolationRule()]
        }
    }
}

/// What the style was decided from: counts of components by role, test code left out.
public struct ArchitectureEvidence: Codable, Sendable, Equatable {
    public var viewControllers = 0
    /// UIKit (and other class-based) views.
    public var uiKitViews = 0
    /// Structs conforming to SwiftUI's view protocols.
    public var swiftUIViews = 0
    /// Types named …ViewModel (or …VM).
    public var viewModels = 0
    /// `@Observable` and `ObservableObject` classes not named view models.
    public var observableModels = 0
    public var coordinators = 0
    public var interactors = 0
    public var presenters = 0
    public var routers = 0
    /// TCA `@Reducer` / `Reducer` types.
    public var reducers = 0
    /// Files importing ComposableArchitecture, counted by the components they declare.
    public var composableArchitectureImports = 0
    public init() {}

    /// The non-zero counts, most first, in words (`40 SwiftUI views, 35 view models`).
    public var summary: String {
        let parts: [(Int, String)] = [
            (viewControllers, "view controllers"), (uiKitViews, "UIKit views"), (swiftUIViews, "SwiftUI views"),
            (viewModels, "view models"), (observableModels, "observable models"), (coordinators, "coordinators"),
            (interactors, "interactors"), (presenters, "presenters"), (routers, "routers"), (reducers, "reducers"),
        ]
        return parts.filter { $0.0 > 0 }.sorted { $0.0 > $1.0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }
}

/// The detected style, how sure the detection is (0–1: the share of the screens and their logic that the deciding
/// evidence accounts for), and the evidence.
public struct DetectedArchitecture: Codable, Sendable, Equatable {
    public var style: ArchitectureStyle
    public var confidence: Double
    public var evidence: ArchitectureEvidence
    /// The same per module, by module name (empty when the codebase is one module).
    public var modules: [ModuleArchitecture] = []
    public init(style: ArchitectureStyle, confidence: Double, evidence: ArchitectureEvidence) {
        self.style = style; self.confidence = confidence; self.evidence = evidence
    }

    /// The rules `auto` applies to edges leaving each module, where they differ from the codebase's: a module's
    /// own style decides, except that VIPER's rules need VIPER's layers, so a VIPER module inside a codebase of
    /// another style keeps the codebase's rules (and a VIPER codebase checks every module by VIPER's).
    public var moduleRules: [String: [any ArchitectureRule]] {
        guard style != .viper else { return [:] }
        var result: [String: [any ArchitectureRule]] = [:]
        for m in modules where !m.inherited && m.style != style && m.style != .viper { result[m.module] = m.style.rules }
        return result
    }
}

/// A module's detected style. `inherited`: the module has no screens or screen logic of its own (a storage or
/// networking library, test code), so the codebase's style and rules apply to it.
public struct ModuleArchitecture: Codable, Sendable, Equatable {
    public var module: String
    public var style: ArchitectureStyle
    public var confidence: Double
    public var evidence: ArchitectureEvidence
    public var inherited: Bool
}
