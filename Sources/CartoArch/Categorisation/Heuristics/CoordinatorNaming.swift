/// Coordinators, routers, wireframes and flow controllers named as such.
public struct CoordinatorNaming: CategorisationHeuristic {
    public static let identifier = "coordinator-naming"
    public static let summary = "Types named …Coordinator, …Router, …Wireframe, …FlowController or …Navigator that touch navigation (refer to view controllers, call navigation APIs or hold other coordinators), and protocols of that name, coordinate view controllers: they are coordinating controllers."
    public static let suffixes = ["Coordinator", "Coordinating", "Router", "Routing", "Wireframe", "FlowController", "Navigator", "Navigating"]
    public static let triggeringExamples = [
        CategorisationExample("""
            import UIKit
            final class CheckoutCoordinator { let navigation: UINavigationController ; init(navigation: UINavigationController) { self.navigation = navigation } }
            """, component: "CheckoutCoordinator", layer: "controller", role: Role.coordinator),
        CategorisationExample("""
            final class ChildCoordinator {}
            final class AppCoordinator { var children: [ChildCoordinator] = [] }
            """, component: "AppCoordinator", layer: "controller", role: Role.coordinator),
        CategorisationExample("""
            import SwiftUI
            protocol CoordinatorProtocol { func toPresentable() -> AnyView }
            struct SettingsScreen: View { var body: some View { Text("Settings") } }
            final class SettingsScreenCoordinator: CoordinatorProtocol { func toPresentable() -> AnyView { AnyView(SettingsScreen()) } }
            """, component: "SettingsScreenCoordinator", layer: "controller", role: Role.coordinator),
        CategorisationExample("protocol AppRouter: AnyObject { func showLogin() }", component: "AppRouter", layer: "controller", role: Role.coordinator),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("struct RouteParameters { var id: Int }", component: "RouteParameters"),
        CategorisationExample("enum CoordinatorError: Error { case missing }", component: "CoordinatorError"),
        CategorisationExample("final class AnalyticsCoordinator { func track(_ event: String) {} }", component: "AnalyticsCoordinator"),
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

    static func mentionsCoordination(_ name: String) -> Bool { suffixes.contains { name.contains($0) } }

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        guard c.kind == .class || c.kind == .protocol || c.kind == .actor || c.kind == .struct,
              let suffix = Self.suffixes.first(where: { c.name.hasSuffix($0) }) else { return nil }
        // SwiftUI's `UIViewRepresentable.Coordinator` bridges UIKit delegates for one view; it steers no navigation.
        if c.name == "Coordinator", let parent = context.enclosingComponent(of: i), context.isView[parent] { return nil }
        // A concrete type must also touch navigation: view controllers, navigation APIs, screens it creates,
        // or other coordinators (`CoordinatorProtocol`, child coordinators).
        // (`AnalyticsCoordinator` coordinates analytics events, not screens.)
        if c.kind != .protocol {
            let touchesNavigation = !context.viewControllerUse(i).isEmpty || !c.navigationCalls.isEmpty
                || context.outgoing(i).contains { edge in
                    Self.mentionsCoordination(context.components[edge.to].name) || (edge.kind == .initializerCall && context.isView[edge.to])
                }
            guard touchesNavigation else { return nil }
        }
        return LayerAssignment(layer: "controller", role: Role.coordinator, heuristic: Self.identifier, reason: "named …\(suffix)")
    }
}
