/// Phase 3 of the paper: sort components into layers. Heuristics run as ordered passes over the
/// still-unassigned components (custom `.carto.yml` layers first, then the preset's), so each pass
/// can read what earlier passes decided.
public struct CategorisationStage: Sendable {
    public var preset: Preset
    public var customLayers: [CustomLayerConfiguration]

    public init(preset: Preset, customLayers: [CustomLayerConfiguration] = []) {
        self.preset = preset
        self.customLayers = customLayers
    }

    public var heuristics: [any CategorisationHeuristic] {
        customLayers.map(ConfiguredLayer.init) + preset.heuristics
    }

    public func run(_ architecture: ExtractedArchitecture) -> [LayerAssignment] {
        let context = CategorisationContext(architecture: architecture)
        for heuristic in heuristics {
            for i in context.assignments.indices where context.assignments[i] == nil {
                context.assignments[i] = heuristic.assign(i, context: context)
            }
        }
        return context.assignments.map { $0 ?? LayerAssignment(layer: "model", role: Role.model, heuristic: ModelFallback.identifier, reason: "unassigned") }
    }
}
