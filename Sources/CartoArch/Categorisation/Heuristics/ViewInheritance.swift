/// H2: components inheriting from an SDK UI component, or conforming to SwiftUI's view protocols.
public struct ViewInheritance: CategorisationHeuristic {
    public static let identifier = "view-inheritance"
    public static let summary = "Classes that inherit from an SDK UI component (UIView and its subclasses, layers, bar items, collection-view layouts, AppKit and WatchKit views) and types that conform to SwiftUI's View, ViewModifier, Shape or style protocols (also through a top-level typealias, or a package's …ViewRepresentable wrapper) are views."
    public static let triggeringExamples = [
        CategorisationExample("import UIKit\nfinal class ProductCell: UICollectionViewCell {}", component: "ProductCell", layer: "view", role: Role.view),
        CategorisationExample("import UIKit\nclass RoundedButton: UIButton {}\nclass BuyButton: RoundedButton {}", component: "BuyButton", layer: "view", role: Role.view),
        CategorisationExample("import SwiftUI\nstruct SettingsView: View { var body: some View { Text(\"x\") } }", component: "SettingsView", layer: "view", role: Role.view),
        CategorisationExample("import SwiftUI\nstruct Card: ViewModifier { func body(content: Content) -> some View { content } }", component: "Card", layer: "view", role: Role.view),
        CategorisationExample("import UIKit\nclass GridLayout: UICollectionViewFlowLayout {}", component: "GridLayout", layer: "view", role: Role.view),
        // Through a top-level typealias to the SDK protocol, and through a package's cross-platform representable.
        CategorisationExample("""
            import SwiftUI
            typealias PlatformRepresentable = UIViewRepresentable
            struct BlurView: PlatformRepresentable {
                func makeUIView(context: Context) -> UIVisualEffectView { UIVisualEffectView() }
                func updateUIView(_ view: UIVisualEffectView, context: Context) {}
            }
            """, component: "BlurView", layer: "view", role: Role.view),
        CategorisationExample("import SwiftUI\nimport PlatformKit\nstruct GestureView: PlatformViewRepresentable {}", component: "GestureView", layer: "view", role: Role.view),
        // A typealias nested in a type (DuckDuckGo's `FAQView.View = WKWebView`) does not change what `View` is elsewhere.
        CategorisationExample("""
            import SwiftUI
            import WebKit
            struct FAQView: UIViewRepresentable {
                typealias View = WKWebView
                func makeUIView(context: Context) -> WKWebView { WKWebView() }
                func updateUIView(_ view: WKWebView, context: Context) {}
            }
            struct AboutView: View { var body: some View { Text("About") } }
            """, component: "AboutView", layer: "view", role: Role.view),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("import UIKit\nprotocol ProductCellDelegate: AnyObject { func didTapBuy() }", component: "ProductCellDelegate"),
        CategorisationExample("import SwiftUI\nfinal class SettingsViewModel: ObservableObject {}", component: "SettingsViewModel"),
        CategorisationExample("struct ViewState { var title: String }", component: "ViewState"),

    ]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        guard context.isView[i] else { return nil }
        let reason: String
        if let base = context.externalBase[i], SDKKnowledgeBase.isViewName(base) {
            reason = "inherits from \(base)"
        } else {
            let p = context.externalConformances[i].filter(SDKKnowledgeBase.isSwiftUIViewProtocol).sorted().first ?? "View"
            reason = "conforms to SwiftUI \(p)"
        }
        return LayerAssignment(layer: "view", role: Role.view, heuristic: Self.identifier, reason: reason)
    }
}
