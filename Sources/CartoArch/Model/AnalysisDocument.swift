import CartoCore

/// The paper's "analysis document": everything detection found, as written to `carto arch detect`'s JSON.
public struct AnalysisDocument: Codable, Sendable {
    public struct FileEntry: Codable, Hashable, Sendable {
        public var path: String
        public var lines: Int
    }

    /// Type extensions of types the codebase does not declare (`extension UIView`).
    public struct ExternalExtension: Codable, Hashable, Sendable {
        public var extendedType: String
        public var file: String
        public var line: Int
        public var conformances: [String]
    }

    public var root: String
    public var files: [FileEntry]
    public var components: [Component]
    public var typealiases: [TypealiasInfo]
    public var externalExtensions: [ExternalExtension]
    public var diagnostics: [Diagnostic]
    /// The codebase's modules from its manifests (empty when it has none: components then carry folder modules).
    public var modules: [ModuleDefinition] = []

    /// `// carto:ignore` comments per file: line → rule ids.
    var ignores: [String: [Int: Set<String>]] = [:]

    enum CodingKeys: String, CodingKey { case root, modules, files, components, typealiases, externalExtensions, diagnostics }
}
