/// The classes a SwiftUI representable nests for UIKit's callbacks (`Coordinator`, a script-message handler
/// wrapper) are view plumbing, not coordinating controllers: they adapt one UIKit view to one SwiftUI view.
public struct RepresentablePlumbing: CategorisationHeuristic {
    public static let identifier = "representable-plumbing"
    public static let summary = "Classes nested in a UIViewRepresentable, UIViewControllerRepresentable or NSViewRepresentable (its Coordinator and the delegates it wraps) belong to that view."
    public static let triggeringExamples = [
        CategorisationExample("""
            import SwiftUI
            import WebKit
            struct WebView: UIViewRepresentable {
                func makeUIView(context: Context) -> WKWebView { WKWebView() }
                func updateUIView(_ view: WKWebView, context: Context) {}
                func makeCoordinator() -> Coordinator { Coordinator() }
                final class Coordinator: NSObject, WKNavigationDelegate {}
            }
            """, component: "WebView.Coordinator", layer: "view", role: Role.view),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("""
            import SwiftUI
            struct ProfileView: View {
                var body: some View { Text("") }
                final class Loader { func load() {} }
            }
            """, component: "ProfileView.Loader"),
    ]
    static let representables: Set<String> = ["UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable"]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        guard context.components[i].kind == .class, let outer = context.enclosingComponent(of: i),
              context.conforms(outer, toAnyOf: Self.representables) else { return nil }
        return LayerAssignment(layer: "view", role: Role.view, heuristic: Self.identifier,
                               reason: "nested in the representable view \(context.components[outer].name)")
    }
}
