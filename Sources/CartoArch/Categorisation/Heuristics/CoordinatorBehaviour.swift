import Foundation
/// H4, made careful: non-UI classes that hold a view controller, or that present / push / install view controllers they refer to.
/// Those that only show one screen of the codebase or system sheets, with no navigation of their own, are
/// presentation helpers (controller layer, not coordinators).
public struct CoordinatorBehaviour: CategorisationHeuristic {
    public static let identifier = "coordinator-behaviour"
    public static let summary = "Classes that are neither views nor view controllers but hold a view controller in a property and create view controllers, or call presentation and navigation APIs (present, pushViewController, setViewControllers, rootViewController =) on view controllers they refer to, are coordinating controllers. Merely keeping a (weak) reference to a screen does not make a model a coordinator. A class that steers no navigation (no push, setViewControllers or navigation, tab or split controller of its own) and refers to at most one view controller of the codebase is a presentation helper (an alert, share-sheet or action-sheet helper the caller hands its view controller to): controller layer, role presentationHelper, which R3 leaves alone; so are stateless utilities (static methods only) that build or present view controllers for their caller, classes that only create view controllers for others to show, and structs and enums that create view controllers, coordinators or classes showing screens (screen factories). A class holding both a view controller and a coordinator (a scene manager keeping the app's coordinator and its main screen) coordinates too; holding a coordinator alone does not. A class that only instantiates storyboard screens or returns screens from computed properties holds nothing: it creates view controllers for others to show."
    public static let triggeringExamples = [
        CategorisationExample("""
            import UIKit
            class LoginViewController: UIViewController {}
            final class Flow {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
                func start() { navigationController.viewControllers = [LoginViewController()] }
            }
            """, component: "Flow", layer: "controller", role: Role.coordinator),
        CategorisationExample("""
            import UIKit
            class DetailVC: UIViewController {}
            class EditVC: UIViewController {}
            final class Opener {
                func open(from source: UIViewController) { source.present(DetailVC(), animated: true) }
                func edit(from source: UIViewController) { source.present(EditVC(), animated: true) }
            }
            """, component: "Opener", layer: "controller", role: Role.coordinator),
        CategorisationExample("""
            import UIKit
            final class SharingHelper {
                func share(_ url: URL, from controller: UIViewController) {
                    controller.present(UIActivityViewController(activityItems: [url], applicationActivities: nil), animated: true)
                }
            }
            """, component: "SharingHelper", layer: "controller", role: Role.presentationHelper),
        CategorisationExample("""
            import UIKit
            final class OptionsSheetController: UIViewController {}
            final class OptionsPicker {
                private var window: UIWindow?
                private let sheet = OptionsSheetController()
                func show() { window?.rootViewController = sheet; window?.makeKeyAndVisible() }
            }
            """, component: "OptionsPicker", layer: "controller", role: Role.presentationHelper),
        CategorisationExample("""
            import UIKit
            final class CategoryViewController: UIViewController {}
            final class NetworkViewController: UIViewController {}
            enum DiscoverCellType {
                case category, network
                func makeController() -> UIViewController { self == .category ? CategoryViewController() : NetworkViewController() }
            }
            """, component: "DiscoverCellType", layer: "controller", role: Role.presentationHelper),
        CategorisationExample("""
            import UIKit
            final class RecoveryKeyCoordinator {
                let navigationController: UINavigationController
                init(navigationController: UINavigationController) { self.navigationController = navigationController }
            }
            struct RecoveryKeyScreenHook {
                func makeCoordinator(_ navigation: UINavigationController) -> RecoveryKeyCoordinator { RecoveryKeyCoordinator(navigationController: navigation) }
            }
            """, component: "RecoveryKeyScreenHook", layer: "controller", role: Role.presentationHelper),
        CategorisationExample("""
            import UIKit
            final class ThemedNavigationController: UINavigationController {}
            final class UIUtils {
                class func navController(for root: UIViewController) -> UINavigationController { ThemedNavigationController(rootViewController: root) }
                class func showAlert(title: String, from controller: UIViewController) {
                    controller.present(UIAlertController(title: title, message: nil, preferredStyle: .alert), animated: true)
                }
            }
            """, component: "UIUtils", layer: "controller", role: Role.presentationHelper),
        CategorisationExample("""
            import UIKit
            final class LoadingSheetController: UIViewController {}
            class LoadingAlert {
                private var window: UIWindow?
                func show() { window?.rootViewController = LoadingSheetController(); window?.makeKeyAndVisible() }
            }
            final class SyncLoadingAlert: LoadingAlert { func showSyncing() { show() } }
            """, component: "SyncLoadingAlert", layer: "controller", role: Role.presentationHelper),
        CategorisationExample("""
            import UIKit
            final class FeedbackViewController: UIViewController {}
            final class AutoClearViewController: UIViewController {}
            final class LegacyScreens {
                func feedback() -> UIViewController { UIStoryboard(name: "Feedback", bundle: nil).instantiateViewController(withIdentifier: "Feedback") }
                func autoClear() -> AutoClearViewController { AutoClearViewController() }
                func settings() -> FeedbackViewController { FeedbackViewController() }
            }
            """, component: "LegacyScreens", layer: "controller", role: Role.presentationHelper),
        // CarPlay's screens are templates: a class holding and building one is CarPlay's view controller.
        CategorisationExample("""
            import CarPlay
            final class DomainsViewModel { var domains: [String] = [] }
            final class DomainsListTemplate {
                let template: CPListTemplate
                let viewModel: DomainsViewModel
                init(viewModel: DomainsViewModel) { self.viewModel = viewModel; template = CPListTemplate(title: "Domains", sections: []) }
            }
            """, component: "DomainsListTemplate", layer: "controller", role: Role.presentationHelper),
        CategorisationExample("""
            import UIKit
            final class WebViewController: UIViewController {}
            final class SettingsViewController: UIViewController {}
            final class AppCoordinator {
                let window: UIWindow
                init(window: UIWindow) { self.window = window }
                func start() { window.rootViewController = WebViewController() }
                func showSettings() { window.rootViewController?.present(SettingsViewController(), animated: true) }
            }
            final class SceneManager {
                private var appCoordinator: AppCoordinator?
                private(set) var webViewController: WebViewController?
                func register(_ coordinator: AppCoordinator) { appCoordinator = coordinator }
            }
            """, component: "SceneManager", layer: "controller"),
        CategorisationExample("""
            import CarPlay
            final class ClimateTemplate {
                let template: CPListTemplate
                weak var interfaceController: CPInterfaceController?
                init() { template = CPListTemplate(title: "Climate", sections: []) }
                func openModes() { interfaceController?.pushTemplate(CPListTemplate(title: "Modes", sections: []), animated: true) }
            }
            enum ControlScreenFactory {
                static func screen(for domain: String) -> ClimateTemplate? { domain == "climate" ? ClimateTemplate() : nil }
            }
            """, component: "ControlScreenFactory", layer: "controller", role: Role.presentationHelper),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("""
            import UIKit
            struct Product { let name: String }
            final class ProductStore { var products: [Product] = [] }
            """, component: "ProductStore"),
        CategorisationExample("""
            import UIKit
            class CartViewController: UIViewController { func reload() {} }
            final class Cart { weak var screen: CartViewController? ; func add() { screen?.reload() } }
            """, component: "Cart"),
        CategorisationExample("""
            import UIKit
            final class ListViewController: UIViewController {}
            final class Navigator {
                let navigationController = UINavigationController()
                func start() { navigationController.pushViewController(ListViewController(), animated: true) }
            }
            final class Launcher { let navigator = Navigator() }
            """, component: "Launcher"),
        CategorisationExample("""
            final class Slides { func present(_ index: Int) {} ; func next() { present(1) } }
            """, component: "Slides"),
    ]
    static let steeringCalls: Set<String> = [
        "present", "pushViewController", "setViewControllers", "show", "showDetailViewController",
        "rootViewController", "makeKeyAndVisible", "instantiateViewController", "instantiateInitialViewController",
        "popToRootViewController", "setRootViewController", "addChild",
        "pushTemplate", "presentTemplate", "setRootTemplate",
    ]
    public init() {}

    /// Calls that move between screens: a class making any of them navigates, it does not just show something.
    static let navigationCalls: Set<String> = [
        "pushViewController", "setViewControllers", "popToRootViewController", "setRootViewController", "showDetailViewController",
        "instantiateViewController", "instantiateInitialViewController", "pushTemplate", "setRootTemplate",
    ]

    /// Calls that make a screen from a storyboard without showing it.
    static let storyboardFactoryCalls: Set<String> = ["instantiateViewController", "instantiateInitialViewController"]

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        guard c.kind != .protocol else { return nil }
        // Inheritance first: a subclass of a codebase presentation helper or coordinator is one too
        // (`SyncLoadingAlert: ShiftyLoadingAlert`).
        if c.kind == .class, let base = context.codebaseSuperclasses[i].first, !context.isViewController[base], !context.isView[base],
           let inherited = assign(base, context: context) {
            return LayerAssignment(layer: inherited.layer, role: inherited.role, heuristic: Self.identifier,
                                   reason: "inherits from \(context.components[base].name) (\(inherited.reason))")
        }
        var use = context.viewControllerUse(i)
        // Structs and enums that create view controllers, or coordinators, are screen factories
        // (`DiscoverCellType.makeController()`, an app hook building a screen's coordinator).
        guard c.kind == .class || c.kind == .actor else {
            let createsCoordinator = context.outgoing(i).contains { e in
                e.kind == .initializerCall && e.to != i && steersScreens(e.to, context: context)
            }
            if use.contains(.initializerCall) { return helper("creates view controllers for others to show") }
            return createsCoordinator ? helper("creates coordinators for others to start") : nil
        }
        let steering = c.navigationCalls.intersection(Self.steeringCalls)
        // Computed properties returning a screen they make (`var keyboard: UIViewController { instantiate(…) }`)
        // hold nothing.
        let screenProperties = c.properties.filter { p in p.type.map { context.namesViewController($0.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))) } == true }
        let holds = use.contains(.property) && !(!screenProperties.isEmpty && screenProperties.allSatisfy(\.isComputed))
        if !holds { use.remove(.property) }
        let reason: String
        if use.contains(.property) && use.contains(.initializerCall) {
            reason = "holds and creates view controllers"
        } else if use.contains(.property), context.outgoing(i).contains(where: { $0.kind == .property && $0.to != i && steersScreens($0.to, context: context) }) {
            // `SceneManager` keeping the app's coordinator and its web view controller for the scenes it activates.
            // Still a presentation helper below when it names one screen and navigates nothing itself (Mastodon's
            // `SafariActivity` opening a page through the scene coordinator it holds).
            reason = "holds view controllers and the coordinator steering them"
        } else if !steering.isEmpty, !use.isEmpty, steering.isSubset(of: Self.storyboardFactoryCalls), !use.contains(.property) {
            // Instantiating screens from a storyboard and handing them out moves no screen (DuckDuckGo's
            // `SettingsLegacyViewProvider` making each legacy settings screen for SwiftUI to wrap).
            return helper("creates view controllers for others to show")
        } else if !steering.isEmpty, !use.isEmpty {
            reason = "calls \(steering.sorted().joined(separator: ", ")) on view controllers"
        } else if use.contains(.initializerCall) {
            return helper("creates view controllers for others to show")
        } else {
            return nil
        }
        if isPresentationHelper(i, context: context) {
            return helper(reason + ", but only to show one screen or system sheets, with no navigation of its own")
        }
        return LayerAssignment(layer: "controller", role: Role.coordinator, heuristic: Self.identifier, reason: reason)
    }

    /// A codebase class that steers screens: a coordinator by an earlier pass, named …Coordinator, or one this pass
    /// takes for a coordinator (`CarPlayVacuumControlTemplate` holding, creating and pushing CarPlay templates) —
    /// decided from its own behaviour only, so two classes holding each other never recurse. Creating a presentation
    /// helper (an options picker) is showing a sheet, not making screens: that keeps a manager a model.
    private func steersScreens(_ j: Int, context: CategorisationContext) -> Bool {
        let target = context.components[j]
        // Also a coordinator protocol (`SceneManager` holding `AppCoordinator`, which the app delegate adopts).
        if let role = context.assignments[j]?.role { return role == Role.coordinator }
        guard target.kind == .class, !context.isViewController[j], !context.isView[j] else { return false }
        if target.name.hasSuffix("Coordinator") { return true }
        let use = context.viewControllerUse(j)
        let steers = (use.contains(.property) && use.contains(.initializerCall)) || (!use.isEmpty && !target.navigationCalls.isDisjoint(with: Self.steeringCalls))
        return steers && !isPresentationHelper(j, context: context)
    }

    private func helper(_ reason: String) -> LayerAssignment {
        LayerAssignment(layer: "controller", role: Role.presentationHelper, heuristic: Self.identifier, reason: reason)
    }

    /// A stateless utility building or presenting for its caller, or a class that shows one screen.
    private func isPresentationHelper(_ i: Int, context: CategorisationContext) -> Bool {
        let c = context.components[i]
        // A stateless utility (static methods only) works for whoever calls it, whatever it builds.
        if !c.methods.isEmpty, c.methods.allSatisfy(\.isStatic), c.properties.allSatisfy({ $0.isStatic || $0.isComputed }) { return true }
        return Self.showsOneScreen(i, context: context)
    }

    /// No navigation calls, no navigation/tab/split controller held, at most one view controller of the codebase
    /// referred to (and that one no container).
    static func showsOneScreen(_ i: Int, context: CategorisationContext) -> Bool {
        let c = context.components[i]
        guard c.navigationCalls.isDisjoint(with: Self.navigationCalls) else { return false }
        let containers = ["NavigationController", "TabBarController", "SplitViewController"]
        if c.properties.contains(where: { p in p.type.map { t in containers.contains { t.contains($0) } } ?? false }) { return false }
        let screens = Set(context.outgoing(i).map(\.to).filter { context.isViewController[$0] })
        guard screens.count <= 1 else { return false }
        return !screens.contains { context.inherits($0, fromAnyOf: ["UINavigationController", "UITabBarController", "UISplitViewController"]) }
    }
}
