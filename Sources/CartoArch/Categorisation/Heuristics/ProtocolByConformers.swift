/// A protocol plays the role of the components that adopt it, as their interface: a delegate or data-source protocol
/// is the interface of the view or controller that talks through it, and goes to the preset's interface layer (in
/// `auto` the model layer: a component is a view or a controller by what it is or because it steers view
/// controllers, and a protocol does neither — the paper's labelling); a protocol adopted only by views is view
/// vocabulary; a repository protocol adopted by services is a model.
public struct ProtocolByConformers: CategorisationHeuristic {
    public static let identifier = "protocol-by-conformers"
    public static let summary = "A view's or controller's delegate or data-source protocol (…ViewDelegate, …CellDelegate, …ViewControllerDelegate, …CoordinatorDelegate), and any protocol adopted only by controllers, is an interface in the preset's interface layer (auto: model); a protocol adopted only by views is a view, except that delegate protocols are never views."
    public static let triggeringExamples = [
        CategorisationExample("""
            import UIKit
            protocol CartCellDelegate: AnyObject { func didRemove() }
            final class CartViewController: UIViewController, CartCellDelegate { func didRemove() {} }
            """, component: "CartCellDelegate", layer: "model", role: Role.interface),
        CategorisationExample("""
            import UIKit
            protocol Reusable { static var reuseIdentifier: String { get } }
            final class A: UITableViewCell, Reusable { static let reuseIdentifier = "A" }
            final class B: UICollectionViewCell, Reusable { static let reuseIdentifier = "B" }
            """, component: "Reusable", layer: "view", role: Role.view),
        CategorisationExample("protocol LoginViewControllerDelegate: AnyObject { func didLogIn() }", component: "LoginViewControllerDelegate", layer: "model", role: Role.interface),
        CategorisationExample("""
            import UIKit
            protocol StatusViewDelegate: AnyObject { func didTapAvatar() }
            final class StatusCell: UITableViewCell, StatusViewDelegate { func didTapAvatar() {} }
            """, component: "StatusViewDelegate", layer: "model", role: Role.interface),
        CategorisationExample("""
            import UIKit
            protocol Refreshable: AnyObject { func refresh() }
            final class FeedViewController: UIViewController, Refreshable { func refresh() {} }
            final class ProfileViewController: UIViewController, Refreshable { func refresh() {} }
            """, component: "Refreshable", layer: "model", role: Role.interface),
    ]
    public static let nonTriggeringExamples = [
        CategorisationExample("""
            protocol ProductRepository { func all() -> [String] }
            final class RemoteProductRepository: ProductRepository { func all() -> [String] { [] } }
            """, component: "ProductRepository"),
        CategorisationExample("protocol Unused {}", component: "Unused"),
        CategorisationExample("""
            import UIKit
            protocol SettingsDelegate: AnyObject { func didChange() }
            final class A: UIView, SettingsDelegate { func didChange() {} }
            final class B: SettingsDelegate { func didChange() {} }
            """, component: "SettingsDelegate"),
    ]
    /// The layer delegate interfaces, and protocols adopted only by controllers, go to: `model` in `auto` (the
    /// paper's labelling), the view layer in MVVM and VIPER, whose view controllers are views.
    public let interfaceLayer: String
    public init(interfaceLayer: String) { self.interfaceLayer = interfaceLayer }

    /// A view's or controller's delegate protocol is recognisable by name alone.
    func byName(_ name: String) -> LayerAssignment? {
        for owner in ["ViewController", "Coordinator", "Controller", "Router", "Presenter", "Cell", "View"] {
            for suffix in ["Delegate", "DataSource", "Output"] where name.hasSuffix(owner + suffix) {
                return LayerAssignment(layer: interfaceLayer, role: Role.interface, heuristic: Self.identifier, reason: "the delegate interface of a \(owner == "ViewController" ? "view controller" : owner.lowercased())")
            }
        }
        return nil
    }

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        guard context.components[i].kind == .protocol else { return nil }
        let name = context.components[i].name
        // A view's or controller's delegate protocol is its outgoing interface towards a controller, whoever
        // adopts it (views often forward such delegates): never a view.
        if let byName = byName(name) { return byName }
        // Test fakes adopt protocols too; they say nothing about the protocol's role in the app.
        let conformers = context.conformers[i].filter { context.assignments[$0]?.layer != "test" }
        guard !conformers.isEmpty else { return nil }
        var layers = Set<String>()
        for j in conformers {
            guard let a = context.assignments[j] else { return nil }
            layers.insert(a.layer)
        }
        guard layers.count == 1, let adopters = layers.first, adopters != "model", adopters != "entity" else { return nil }
        var layer = adopters, role = adopters == "view" ? Role.view : Role.interface
        if (adopters == "view" && (name.hasSuffix("Delegate") || name.hasSuffix("DataSource"))) || adopters == "controller" {
            layer = interfaceLayer
            role = Role.interface
        }
        // The protocol is the abstraction the pattern asks for (a view controller talking to its delegate is not R3),
        // so it gets a role of its own rather than its adopters' role.
        let names = conformers.prefix(3).map { context.components[$0].name }.joined(separator: ", ")
        return LayerAssignment(layer: layer, role: role, heuristic: Self.identifier, reason: "adopted only by \(adopters) components (\(names)\(conformers.count > 3 ? ", …" : ""))")
    }
}
