import CartoCore

/// Everything `carto arch` reports. Its JSON form is a contract other tools read: keep keys stable.
public struct ArchitectureReport: Codable, Sendable {
    public struct ReportComponent: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var qualifiedName: String
        public var kind: ComponentKind
        /// The module (SwiftPM or Xcode target, else folder) declaring it.
        public var module: String?
        public var layer: String
        public var role: String
        /// The heuristic that decided the layer, and its evidence.
        public var heuristic: String
        public var reason: String
        public var file: String
        public var line: Int
        public var size: Int
    }

    public struct RuleDescription: Codable, Sendable, Equatable {
        public var id: String
        public var aliases: [String]
        public var name: String
        public var summary: String
    }

    public var tool = "carto"
    public var version = CartoVersion.current
    /// The analysed folder, as given.
    public var root: String
    /// The analysed folder relative to its git repository's root ("" when it is the root or not in a repository);
    /// SARIF prefixes paths with it so code-scanning UIs find the files.
    public var repositoryPrefix: String = ""
    public var preset: String
    /// The style `auto` detected (and, with `auto`, whose rules were applied).
    public var architecture: DetectedArchitecture
    public var layers: [LayerDefinition]
    public var rules: [RuleDescription]
    /// The modules read from the codebase's manifests (`Package.swift`, `project.pbxproj`) and `.carto.yml`.
    public var modules: [ModuleDefinition]
    public var components: [ReportComponent]
    public var dependencies: [Dependency]
    public var externalDependencies: [ExternalReference]
    public var violations: [Violation]
    public var metrics: ArchitectureMetrics
    public var diagnostics: [Diagnostic]

    public var newViolations: [Violation] { violations.filter(\.isNew) }
}
