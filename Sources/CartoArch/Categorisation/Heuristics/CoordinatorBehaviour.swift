/// H4, made careful: non-UI classes that hold a view controller, or that present / push / install view controllers they refer to.
public struct CoordinatorBehaviour: CategorisationHeuristic {
    public static let identifier = "coordinator-behaviour"
    public static let summary = "Classes that are neither views nor view controllers but hold a view controller in a property and create view controllers, or call presentation and navigation APIs (present, pushViewController, setViewControllers, rootViewController =) on view controllers they refer to, are coordinating controllers. Merely keeping a (weak) reference to a screen does not make a model a coordinator."
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
            final class Opener {
                func open(from source: UIViewController) { source.present(DetailVC(), animated: true) }
            }
            """, component: "Opener", layer: "controller", role: Role.coordinator),
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
            final class Slides { func present(_ index: Int) {} ; func next() { present(1) } }
            """, component: "Slides"),
    ]
    static let steeringCalls: Set<String> = [
        "present", "pushViewController", "setViewControllers", "show", "showDetailViewController",
        "rootViewController", "makeKeyAndVisible", "instantiateViewController", "instantiateInitialViewController",
        "popToRootViewController", "setRootViewController", "addChild",
    ]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        guard c.kind == .class || c.kind == .actor else { return nil }
        let use = context.viewControllerUse(i)
        if use.contains(.property) && use.contains(.initializerCall) {
            return LayerAssignment(layer: "controller", role: Role.coordinator, heuristic: Self.identifier, reason: "holds and creates view controllers")
        }
        let steering = c.navigationCalls.intersection(Self.steeringCalls)
        if !steering.isEmpty, !use.isEmpty {
            return LayerAssignment(layer: "controller", role: Role.coordinator, heuristic: Self.identifier,
                                   reason: "calls \(steering.sorted().joined(separator: ", ")) on view controllers")
        }
        return nil
    }
}
