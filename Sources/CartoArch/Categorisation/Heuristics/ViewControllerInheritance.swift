/// H1: components inheriting, directly or through the codebase's own classes, from an SDK view controller.
public struct ViewControllerInheritance: CategorisationHeuristic {
    public static let identifier = "view-controller-inheritance"
    public static let summary = "Classes that inherit from a UIKit, AppKit, WatchKit or SwiftUI-hosting view controller, directly or through the codebase's own classes, are view controllers."
    public static let triggeringExamples = [
        CategorisationExample("import UIKit\nclass HomeViewController: UIViewController {}", component: "HomeViewController", layer: "controller", role: Role.viewController),
        CategorisationExample("import UIKit\nclass BaseVC: UITableViewController {}\nfinal class ListVC: BaseVC {}", component: "ListVC", layer: "controller", role: Role.viewController),
        CategorisationExample("import SwiftUI\nfinal class Host: UIHostingController<Text> {}", component: "Host", layer: "controller", role: Role.viewController),
        CategorisationExample("import AppKit\nclass Prefs: NSWindowController {}", component: "Prefs", layer: "controller", role: Role.viewController),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("import UIKit\nclass Cell: UITableViewCell {}", component: "Cell"),
        CategorisationExample("import CoreData\nclass Results: NSFetchedResultsController<NSManagedObject> {}", component: "Results"),
        CategorisationExample("protocol Screen { var viewController: UIViewController { get } }", component: "Screen"),
    ]
    public init() {}

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        guard context.isViewController[i] else { return nil }
        let base = context.externalBase[i] ?? "a view controller"
        return LayerAssignment(layer: "controller", role: Role.viewController, heuristic: Self.identifier, reason: "inherits from \(base)")
    }
}
