/// Objects that serve UIKit's controller-side protocols (data sources, transition delegates) or subclass
/// its controller classes (presentation controllers, diffable data sources) do a controller's job.
public struct ControllerProtocolConformance: CategorisationHeuristic {
    public static let identifier = "controller-protocol-conformance"
    public static let summary = "Non-UI classes that conform to UIKit's controller-side protocols (table and collection data sources and delegates, transitioning delegates, navigation delegates, ClockKit complication data sources) or inherit from its controller classes (UIPresentationController, diffable data sources, share-sheet activities) mediate between views and data: they are controllers."
    public static let triggeringExamples = [
        CategorisationExample("import UIKit\nfinal class ProductsDataSource: NSObject, UITableViewDataSource {}", component: "ProductsDataSource", layer: "controller", role: Role.dataSource),
        CategorisationExample("import UIKit\nfinal class SheetPresentation: UIPresentationController {}", component: "SheetPresentation", layer: "controller", role: Role.dataSource),
        CategorisationExample("import UIKit\nfinal class FadeTransition: NSObject, UIViewControllerAnimatedTransitioning {}", component: "FadeTransition", layer: "controller", role: Role.dataSource),
        CategorisationExample("""
            import UIKit
            final class TabViewController: UIViewController { func findInPage() {} }
            final class FindInPageActivity: UIActivity {
                weak var controller: TabViewController?
                override func perform() { controller?.findInPage() ; activityDidFinish(true) }
            }
            """, component: "FindInPageActivity", layer: "controller", role: Role.dataSource),
        CategorisationExample("""
            import UIKit
            final class PanningPinchRecognizer: UIPinchGestureRecognizer {}
            final class ZoomRecognizerCoordinator: NSObject, UIGestureRecognizerDelegate {
                func handlePinch(gesture: PanningPinchRecognizer) {}
            }
            """, component: "ZoomRecognizerCoordinator", layer: "controller", role: Role.dataSource),
        CategorisationExample("import ClockKit\nfinal class ComplicationController: NSObject, CLKComplicationDataSource {}",
                              component: "ComplicationController", layer: "controller", role: Role.dataSource),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("import UIKit\nfinal class Feed: UITableView, UITableViewDataSource {}", component: "Feed"),
        CategorisationExample("struct Item: Hashable { let id: Int }", component: "Item"),
    ]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        guard c.kind == .class || c.kind == .actor else { return nil }
        if let base = context.externalBase[i], context.inherits(i, fromAnyOf: SDKKnowledgeBase.controllerClasses),
           !["UIResponder", "UIApplication", "NSApplication", "UIDocument", "NSDocument"].contains(base) {
            return LayerAssignment(layer: "controller", role: Role.dataSource, heuristic: Self.identifier, reason: "inherits from \(base)")
        }
        if !context.externalConformances[i].isDisjoint(with: SDKKnowledgeBase.controllerProtocols),
           let p = context.externalConformances[i].intersection(SDKKnowledgeBase.controllerProtocols).sorted().first {
            return LayerAssignment(layer: "controller", role: Role.dataSource, heuristic: Self.identifier, reason: "conforms to \(p)")
        }
        return nil
    }
}
