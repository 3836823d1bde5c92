/// H4 exactly as the paper states it (CoordCateg): every component that deals with a view controller is a
/// coordinating controller, and so is every component that deals with those coordinators.
/// It runs before H2, so it may claim views; kept for reproducing the paper's numbers.
public struct PaperCoordinatorHeuristic: CategorisationHeuristic {
    public static let identifier = "paper-coordinator"
    public static let summary = "The paper's H4: components (other than view controllers) that reference a view controller in any way, and components that hold or create such coordinators, are coordinating controllers."
    public static let triggeringExamples = [
        CategorisationExample("""
            import UIKit
            class LoginVC: UIViewController {}
            struct Screens { static func login() -> LoginVC { LoginVC() } }
            """, component: "Screens", layer: "controller", role: Role.coordinator),
        CategorisationExample("""
            import UIKit
            final class Flow { var root: UIViewController? }
            final class AppModel { let flow = Flow() }
            """, component: "AppModel", layer: "controller", role: Role.coordinator),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("struct Product { let name: String }", component: "Product"),
    ]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        guard !context.isViewController[i] else { return nil }
        if !context.viewControllerUse(i).isEmpty {
            return LayerAssignment(layer: "controller", role: Role.coordinator, heuristic: Self.identifier, reason: "deals with view controllers")
        }
        for (to, kind) in context.outgoing(i) where kind == .property || kind == .initializerCall {
            if !context.isViewController[to], !context.viewControllerUse(to).isEmpty {
                return LayerAssignment(layer: "controller", role: Role.coordinator, heuristic: Self.identifier,
                                       reason: "deals with coordinator \(context.components[to].name)")
            }
        }
        return nil
    }
}
