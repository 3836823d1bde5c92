/// Coordinators, routers, wireframes and flow controllers named as such.
public struct CoordinatorNaming: CategorisationHeuristic {
    public static let identifier = "coordinator-naming"
    public static let summary = "Types named …Coordinator, …Router, …Wireframe, …FlowController or …Navigator (and protocols of that name) coordinate view controllers: they are coordinating controllers."
    public static let suffixes = ["Coordinator", "Coordinating", "Router", "Routing", "Wireframe", "FlowController", "Navigator", "Navigating"]
    public static let triggeringExamples = [
        CategorisationExample("final class CheckoutCoordinator { func start() {} }", component: "CheckoutCoordinator", layer: "controller", role: Role.coordinator),
        CategorisationExample("protocol AppRouter: AnyObject { func showLogin() }", component: "AppRouter", layer: "controller", role: Role.coordinator),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("struct RouteParameters { var id: Int }", component: "RouteParameters"),
        CategorisationExample("enum CoordinatorError: Error { case missing }", component: "CoordinatorError"),
        CategorisationExample("""
            import SwiftUI
            struct TextView: UIViewRepresentable {
                final class Coordinator: NSObject {}
                func makeUIView(context: Context) -> UITextView { UITextView() }
                func updateUIView(_ view: UITextView, context: Context) {}
            }
            """, component: "TextView.Coordinator"),
    ]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        guard c.kind == .class || c.kind == .protocol || c.kind == .actor || c.kind == .struct,
              let suffix = Self.suffixes.first(where: { c.name.hasSuffix($0) }) else { return nil }
        // SwiftUI's `UIViewRepresentable.Coordinator` bridges UIKit delegates for one view; it steers no navigation.
        if c.name == "Coordinator", let parent = context.enclosingComponent(of: i), context.isView[parent] { return nil }
        return LayerAssignment(layer: "controller", role: Role.coordinator, heuristic: Self.identifier, reason: "named …\(suffix)")
    }
}
