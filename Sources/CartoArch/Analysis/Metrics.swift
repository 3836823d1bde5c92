/// The paper's Tables 3 and 4, per layer and per layer pair, plus per-component coupling.
public struct ArchitectureMetrics: Codable, Sendable, Equatable {
    public struct LayerMetrics: Codable, Sendable, Equatable {
        public var layer: String
        /// #Comp
        public var components: Int
        /// Share of all components, in percent.
        public var share: Double
        /// #IntDepends: edges between components of this layer.
        public var internalDependencies: Int
        /// #ExtDepends summed over the other layers.
        public var externalDependencies: Int
        /// #CompleteExtDepends: edges to other layers plus references to SDK, standard-library and third-party types.
        public var completeExternalDependencies: Int
        public var sdkReferences: Int
        public var standardLibraryReferences: Int
        public var otherReferences: Int
    }

    public struct PairMetrics: Codable, Sendable, Equatable {
        public var from: String
        public var to: String
        /// #ExtDepends: edges from `from` to `to`.
        public var dependencies: Int
        /// #DiffExtDepend: distinct target components.
        public var distinctTargets: Int
        /// Distinct (source, target) component pairs.
        public var distinctPairs: Int
        /// Whether a rule forbids this pair.
        public var violating: Bool
    }

    public struct ComponentMetrics: Codable, Sendable, Equatable {
        public var component: String
        public var layer: String
        /// Distinct codebase components it depends on (efferent coupling).
        public var fanOut: Int
        /// Distinct codebase components depending on it (afferent coupling).
        public var fanIn: Int
        /// fanOut / (fanIn + fanOut): 0 = stable, 1 = unstable.
        public var instability: Double
        public var externalReferences: Int
        public var violations: Int
        /// Distinct components it depends on in violation of a rule.
        public var distinctViolatingDependencies: Int
    }

    public var preset: String
    public var components: Int
    public var dependencies: Int
    public var violations: Int
    public var newViolations: Int
    public var suppressedViolations: Int
    /// Delegation that a rule would otherwise forbid (`AnalysisStage.isDelegation`): a component holding its own
    /// delegate or data-source protocol (`StatusView` → `StatusViewDelegate`), a delegate protocol whose methods name
    /// the sender and its parts. How a view talks back to its controller in MVC; allowed whatever layers are involved.
    public var delegateInterfaceDependencies: Int
    public var layers: [LayerMetrics]
    public var layerDependencies: [PairMetrics]
    /// View controllers → coordinating controllers (the paper's VC–CC row).
    public var viewControllerToCoordinator: PairMetrics
    /// Components with the most distinct violating dependencies, worst first (at most 10).
    public var pressurePoints: [ComponentMetrics]
    public var componentMetrics: [ComponentMetrics]
}
