import Foundation
import CartoCore

/// A layer declared in `.carto.yml`: components match by base type, conformance, name pattern or path glob.
public struct ConfiguredLayer: CategorisationHeuristic {
    public static let identifier = "configured-layer"
    public static let summary = "Layers declared in .carto.yml claim the components that inherit from one of their base types, conform to one of their protocols, match their name pattern or live under one of their path globs; with `modules`, only in those modules, and with `modules` alone, every component of those modules. They run before the preset's heuristics."
    public static let triggeringExamples: [CategorisationExample] = []

    public let definition: CustomLayerConfiguration
    private let regex: NSRegularExpression?
    private let globs: [Glob]

    public init(_ definition: CustomLayerConfiguration) {
        self.definition = definition
        self.regex = definition.namePattern.flatMap { try? NSRegularExpression(pattern: $0) }
        self.globs = definition.paths.map(Glob.init)
    }

    public func assign(_ i: Int, context: CategorisationContext) -> LayerAssignment? {
        let c = context.components[i]
        if !definition.modules.isEmpty {
            guard let module = c.module, definition.modules.contains(module) else { return nil }
        }
        func hit(_ reason: String) -> LayerAssignment {
            LayerAssignment(layer: definition.name, role: definition.name, heuristic: Self.identifier, reason: reason)
        }
        if !definition.baseTypes.isEmpty {
            let bases = Set(context.codebaseSuperclasses[i].map { context.components[$0].name }).union(context.externalBase[i].map { [$0] } ?? [])
            if let b = definition.baseTypes.first(where: bases.contains) { return hit("inherits from \(b) (.carto.yml layer \(definition.name))") }
        }
        if !definition.conformsTo.isEmpty {
            let conforms = context.externalConformances[i].union(context.codebaseConformances[i].map { context.components[$0].name })
            if let p = definition.conformsTo.first(where: conforms.contains) { return hit("conforms to \(p) (.carto.yml layer \(definition.name))") }
        }
        if let regex, regex.firstMatch(in: c.name, range: NSRange(c.name.startIndex..., in: c.name)) != nil {
            return hit("name matches \(definition.namePattern!) (.carto.yml layer \(definition.name))")
        }
        if let g = globs.first(where: { $0.matches(c.file) }) {
            return hit("file matches \(g.pattern) (.carto.yml layer \(definition.name))")
        }
        if !definition.modules.isEmpty && definition.baseTypes.isEmpty && definition.conformsTo.isEmpty && regex == nil && globs.isEmpty {
            return hit("in module \(c.module ?? "") (.carto.yml layer \(definition.name))")
        }
        return nil
    }
}
