/// One categorisation heuristic, SwiftLint-style: it carries its description and its examples,
/// and the examples are its tests (see `CategorisationHeuristicExampleTests`).
public protocol CategorisationHeuristic: Sendable {
    /// Stable id shown in reports as the reason for a component's layer (`view-controller-inheritance`).
    static var identifier: String { get }
    static var summary: String { get }
    /// Code where the heuristic assigns the named component, with the expected layer and role.
    static var triggeringExamples: [CategorisationExample] { get }
    /// Code where the heuristic must leave the named component alone.
    static var nonTriggeringExamples: [CategorisationExample] { get }

    /// The assignment for component `index`, or nil to leave it to later heuristics.
    func assign(_ index: Int, context: CategorisationContext) -> LayerAssignment?
}

extension CategorisationHeuristic {
    public var identifier: String { Self.identifier }
    public static var nonTriggeringExamples: [CategorisationExample] { [] }
}

public struct CategorisationExample: Sendable {
    public var source: String
    /// Qualified name of the component the example is about.
    public var component: String
    public var layer: String?
    public var role: String?

    public init(_ source: String, component: String, layer: String? = nil, role: String? = nil) {
        self.source = source; self.component = component; self.layer = layer; self.role = role
    }
}
