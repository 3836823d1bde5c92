import CartoCore

/// The properties of one element that state recognition compares (the paper's class, hidden, enabled, target, action).
public struct ElementFeatures: Codable, Hashable, Sendable {
    public var type: String
    public var hidden: Bool
    public var enabled: Bool
    public var target: String
    public var action: String

    public init(_ e: UIElement) {
        type = e.platformType
        hidden = !e.visible
        enabled = e.enabled
        target = e.target ?? ""
        action = e.actions.map(\.rawValue).joined(separator: ",")
    }
}

/// What Algorithm 1 sees of a screen: the container (the paper's view-controller class), the title, and the
/// elements in document order. Text and values are deliberately absent: typing into a field or a ticking clock
/// is not a new state.
public struct StateSignature: Codable, Hashable, Sendable {
    public var container: String
    public var title: String
    public var elements: [ElementFeatures]

    public init(container: String, title: String, elements: [ElementFeatures]) {
        self.container = container; self.title = title; self.elements = elements
    }

    public init(_ snapshot: UISnapshot) {
        container = snapshot.context.container ?? ""
        title = snapshot.context.title ?? ""
        // The root (window / document) is the screen itself, not one of its elements.
        elements = snapshot.root.allElements.dropFirst().map(ElementFeatures.init)
    }

    public var elementCount: Int { elements.count }
}
