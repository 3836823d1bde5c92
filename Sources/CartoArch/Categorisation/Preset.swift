/// A named architecture: its layers, the ordered heuristics that sort components into them, and its rules.
public struct Preset: Sendable {
    public var name: String
    public var summary: String
    public var layers: [LayerDefinition]
    public var heuristics: [any CategorisationHeuristic]
    public var rules: [any ArchitectureRule]

    /// The preset used when neither `--preset` nor `.carto.yml` names one.
    public static let defaultName = "auto"

    public static let all: [Preset] = [auto, mvc, mvcCoordinators, mvvm, viper]

    public static func named(_ name: String) -> Preset? { all.first { $0.name == name } }

    /// MVC as a careful reader labels real apps: inheritance first, then what a component does.
    public static let auto = Preset(
        name: "auto",
        summary: "Model / View / Controller with roles: test code aside, SDK inheritance first (view controllers, views, SwiftUI views), then application delegates, coordinators by name and by behaviour (holding or presenting view controllers), view models as models, data sources and presenters as controllers, delegate and data-source protocols and protocols of controllers as model-layer interfaces (a view holding its own delegate is no violation), protocols of views as views, the rest model. Rules R1, R2, R3.",
        layers: [.model, .view, .controller],
        heuristics: [
            TestCode(), ViewControllerInheritance(), ViewInheritance(), RepresentablePlumbing(), ApplicationDelegate(), CoordinatorNaming(),
            ViewModelNaming(), CoordinatorBehaviour(), ControllerProtocolConformance(), PresenterNaming(),
            ProtocolByConformers(interfaceLayer: "model"), PresentationState(), ModelFallback(),
        ],
        rules: [ViewIsolationRule(), ModelIsolationRule(), ControllerCoordinatorRule()])

    /// The paper's SimpleCateg: H1, H2, H3 with rules R1, R2.
    public static let mvc = Preset(
        name: "mvc",
        summary: "The paper's SimpleCateg (test code aside): controllers are SDK view-controller subclasses (H1), views SDK UI subclasses (H2), everything else model (H3). Rules R1, R2.",
        layers: [.model, .view, .controller],
        heuristics: [TestCode(), ViewControllerInheritance(), ViewInheritance(), ModelFallback()],
        rules: [ViewIsolationRule(), ModelIsolationRule()])

    /// The paper's CoordCateg: H4 before H2, rules R1, R2, R3.
    public static let mvcCoordinators = Preset(
        name: "mvc-coordinators",
        summary: "The paper's CoordCateg (test code aside): view controllers plus every component dealing with view controllers (and with those coordinators) are controllers (H4), then views (H2), the rest model (H3). Rules R1, R2, R3.",
        layers: [.model, .view, .controller],
        heuristics: [TestCode(), ViewControllerInheritance(), PaperCoordinatorHeuristic(), ViewInheritance(), ModelFallback()],
        rules: [ViewIsolationRule(), ModelIsolationRule(), ControllerCoordinatorRule()])

    /// MVVM (with coordinators): view controllers belong to the view layer.
    public static let mvvm = Preset(
        name: "mvvm",
        summary: "Model / ViewModel / View (+ Coordinator): view controllers and views form the view layer, view models (…ViewModel, ObservableObject, @Observable) their own layer, coordinators and app delegates the coordinator layer. Models depend only on models, view models never on views, view controllers never on coordinators.",
        layers: [.model, .viewModel, .view, .coordinator],
        heuristics: [
            TestCode(), Relabel(ViewControllerInheritance(), layer: "view"), ViewInheritance(),
            Relabel(ApplicationDelegate(), layer: "coordinator"), Relabel(CoordinatorNaming(), layer: "coordinator"),
            ViewModelNaming(layer: "viewmodel"), Relabel(CoordinatorBehaviour(), layer: "coordinator"),
            Relabel(ControllerProtocolConformance(), layer: "view"), Relabel(PresenterNaming(), layer: "viewmodel"),
            ProtocolByConformers(interfaceLayer: "view"), ModelFallback(),
        ],
        rules: [
            ModelIsolationRule(),
            ForbiddenLayerDependencyRule(from: "viewmodel", to: "view", identifier: "viewmodel-ui-independence",
                                         summary: "A view model must not depend on views or view controllers; views observe it, not the other way round.",
                                         triggeringExamples: ["import UIKit\nfinal class Header: UIView {}\nfinal class FeedViewModel { var header: Header? }"],
                                         nonTriggeringExamples: ["final class FeedViewModel { var title = \"\" }"], examplePreset: "mvvm"),
            ControllerCoordinatorRule(),
        ])

    /// VIPER: View, Interactor, Presenter, Entity, Router.
    public static let viper = Preset(
        name: "viper",
        summary: "VIPER: views and view controllers (View), …Interactor (Interactor), …Presenter (Presenter), …Router / …Wireframe / …Builder / coordinators (Router), the rest Entity. Views talk only to presenters, interactors never to views or routers, entities to entities.",
        layers: [.entity, .interactor, .presenter, .view, .router],
        heuristics: [
            TestCode(), Relabel(ViewControllerInheritance(), layer: "view"), ViewInheritance(),
            NameSuffixRole(rules: [
                (["Interactor", "InteractorInput", "InteractorOutput", "InteractorProtocol", "UseCase"], "interactor", Role.interactor),
                (["Presenter", "PresenterProtocol", "PresenterInput", "PresenterOutput", "ViewOutput", "ModuleInput", "ModuleOutput"], "presenter", Role.presenter),
                (["Router", "RouterInput", "RouterProtocol", "Wireframe", "Builder", "Assembly", "Configurator"], "router", Role.router),
                (["Entity", "Entities"], "entity", Role.entity),
                (["ViewInput", "ViewProtocol"], "view", Role.view),
            ]),
            Relabel(ApplicationDelegate(), layer: "router"), Relabel(CoordinatorNaming(), layer: "router"),
            ProtocolByConformers(interfaceLayer: "view"), ModelFallback(layer: "entity"),
        ],
        rules: [
            ForbiddenLayerDependencyRule(from: "view", to: "interactor", identifier: "viper-view-interactor",
                                         summary: "Views reach interactors only through their presenter.",
                                         triggeringExamples: ["import UIKit\nfinal class LoginInteractor {}\nclass LoginViewController: UIViewController { let interactor = LoginInteractor() }"],
                                         nonTriggeringExamples: ["import UIKit\nfinal class LoginPresenter {}\nclass LoginViewController: UIViewController { var presenter: LoginPresenter? }"],
                                         examplePreset: "viper"),
            ForbiddenLayerDependencyRule(from: "view", to: "router", identifier: "viper-view-router", summary: "Views navigate through their presenter, never the router.", examplePreset: "viper"),
            ForbiddenLayerDependencyRule(from: "interactor", to: "view", identifier: "viper-interactor-view", summary: "Interactors hold business logic and never touch views.", examplePreset: "viper"),
            ForbiddenLayerDependencyRule(from: "interactor", to: "router", identifier: "viper-interactor-router", summary: "Interactors never navigate.", examplePreset: "viper"),
            ForbiddenLayerDependencyRule(from: "entity", to: "view", identifier: "viper-entity-view", summary: "Entities depend only on entities.", examplePreset: "viper"),
            ForbiddenLayerDependencyRule(from: "entity", to: "presenter", identifier: "viper-entity-presenter", summary: "Entities depend only on entities.", examplePreset: "viper"),
            ForbiddenLayerDependencyRule(from: "entity", to: "interactor", identifier: "viper-entity-interactor", summary: "Entities depend only on entities.", examplePreset: "viper"),
            ForbiddenLayerDependencyRule(from: "entity", to: "router", identifier: "viper-entity-router", summary: "Entities depend only on entities.", examplePreset: "viper"),
        ])
}
