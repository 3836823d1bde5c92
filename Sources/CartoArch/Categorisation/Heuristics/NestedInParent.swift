/// A nested helper type (`ProductCell.Style`, `HomeViewController.Section`) is part of its enclosing component's
/// implementation: it takes the enclosing component's layer, so a view using its own nested enum is not
/// reported as a view depending on a model.
public struct NestedInParent: CategorisationHeuristic {
    public static let identifier = "nested-in-parent"
    public static let summary = "Nested types that no earlier heuristic claimed (styles, sections, configurations, coding keys) belong to the layer of the type that encloses them."
    public static let triggeringExamples = [
        CategorisationExample("""
            import UIKit
            final class ProductCell: UITableViewCell {
                enum Style { case compact, regular }
                var style: Style = .regular
            }
            """, component: "ProductCell.Style", layer: "view", role: Role.nested),
        CategorisationExample("""
            import UIKit
            final class HomeViewController: UIViewController {}
            extension HomeViewController { enum Section: Int { case header, items } }
            """, component: "HomeViewController.Section", layer: "controller", role: Role.nested),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("struct Order { enum Status { case open, paid } }", component: "Order.Status"),
        CategorisationExample("""
            import UIKit
            final class FeedViewController: UIViewController { final class HeaderView: UIView {} }
            """, component: "FeedViewController.HeaderView"),
    ]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        guard let parent = context.enclosingComponent(of: i), let a = context.assignments[parent], a.layer != "model" else { return nil }
        return LayerAssignment(layer: a.layer, role: Role.nested, heuristic: Self.identifier, reason: "nested in \(context.components[parent].name)")
    }
}
