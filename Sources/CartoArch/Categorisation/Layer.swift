/// A layer of an architecture (`model`, `view`, `controller`, …) as a preset or `.carto.yml` declares it.
public struct LayerDefinition: Codable, Hashable, Sendable {
    /// Lowercase identifier used in JSON (`controller`).
    public var name: String
    /// Human title (`Controller`).
    public var title: String
    /// Colour used by diagrams (CSS colour).
    public var color: String

    public init(name: String, title: String, color: String) {
        self.name = name; self.title = title; self.color = color
    }

    public static let model = LayerDefinition(name: "model", title: "Model", color: "#4C9F70")
    public static let view = LayerDefinition(name: "view", title: "View", color: "#3B7DD8")
    public static let controller = LayerDefinition(name: "controller", title: "Controller", color: "#D9822B")
    public static let viewModel = LayerDefinition(name: "viewmodel", title: "ViewModel", color: "#8E5BD0")
    public static let coordinator = LayerDefinition(name: "coordinator", title: "Coordinator", color: "#C2453C")
    public static let presenter = LayerDefinition(name: "presenter", title: "Presenter", color: "#8E5BD0")
    public static let interactor = LayerDefinition(name: "interactor", title: "Interactor", color: "#2A9D8F")
    public static let router = LayerDefinition(name: "router", title: "Router", color: "#C2453C")
    public static let entity = LayerDefinition(name: "entity", title: "Entity", color: "#4C9F70")
    /// Test cases, fakes and mocks: outside the architecture, constrained by no rule.
    public static let test = LayerDefinition(name: "test", title: "Test", color: "#9AA0A6")
}

/// Roles refine layers: the controller layer holds view controllers and coordinating controllers.
public enum Role {
    public static let viewController = "viewController"
    public static let coordinator = "coordinator"
    /// A controller-layer helper that shows one screen or system sheets (alerts, share sheets) on behalf of the view
    /// controller it is handed, without navigation of its own (`CoordinatorBehaviour`); R3 does not apply to it.
    public static let presentationHelper = "presentationHelper"
    public static let applicationDelegate = "applicationDelegate"
    public static let view = "view"
    public static let model = "model"
    public static let dataSource = "dataSource"
    public static let viewModel = "viewModel"
    /// An `ObservableObject` or `@Observable` class not named a view model: SwiftUI's observable model.
    public static let observableModel = "observableModel"
    /// A screen's state, bindings, actions or parameters declared beside it (`PresentationState`): model layer.
    public static let presentationState = "presentationState"
    public static let presenter = "presenter"
    public static let interactor = "interactor"
    public static let router = "router"
    public static let entity = "entity"
    public static let custom = "custom"
    /// A protocol that abstracts the components adopting it (delegate protocols, service interfaces).
    public static let interface = "interface"
    public static let test = "test"
}

/// Which layer and role a component was given, by which heuristic, and why.
public struct LayerAssignment: Codable, Hashable, Sendable {
    public var layer: String
    public var role: String
    public var heuristic: String
    public var reason: String

    public init(layer: String, role: String, heuristic: String, reason: String) {
        self.layer = layer; self.role = role; self.heuristic = heuristic; self.reason = reason
    }
}
