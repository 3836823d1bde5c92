import Foundation
import CartoCore

/// The whole analysis as one call: configuration → discovery → detection → extraction → categorisation → analysis.
/// The CLI, the SwiftPM plugin and tests all go through here.
public struct ArchitectureAnalyzer: Sendable {
    public struct Options: Sendable {
        /// Preset name; overrides `.carto.yml`.
        public var preset: String?
        /// Configuration file; by default `.carto.yml` in the analysed folder, if present.
        public var configurationPath: String?
        public var excludes: [String] = []
        /// Overrides `.carto.yml`'s `maxFileSize`.
        public var maxFileSize: Int?
        public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
        public var baseline: Baseline?
        public var showProgress = false
        public init() {}
    }

    public var options: Options
    public init(options: Options = Options()) { self.options = options }

    public static let defaultMaxFileSize = 1_048_576

    /// Loads the configuration that applies to `path` (explicit file, else `.carto.yml` beside it).
    public func configuration(for path: String) throws -> CartoConfiguration {
        if let explicit = options.configurationPath {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw CartoError("\(explicit): configuration file not found; check the --config path")
            }
            return try CartoConfiguration.load(path: explicit)
        }
        if let found = CartoConfiguration.discover(root: path) { return try CartoConfiguration.load(path: found) }
        return CartoConfiguration()
    }

    public func resolvePreset(_ configuration: CartoConfiguration) throws -> Preset {
        let name = options.preset ?? configuration.preset ?? Preset.defaultName
        guard let preset = Preset.named(name) else {
            throw CartoError("unknown preset '\(name)'; use one of \(Preset.all.map(\.name).joined(separator: ", "))")
        }
        return preset
    }

    /// Phase 1 only: the analysis document (`carto arch detect`).
    public func detect(path: String) throws -> AnalysisDocument {
        let configuration = try configuration(for: path)
        let progress = ProgressReporter(enabled: options.showProgress)
        defer { progress.finish() }
        return try detect(path: path, configuration: configuration, progress: progress)
    }

    private func detect(path: String, configuration: CartoConfiguration, progress: ProgressReporter) throws -> AnalysisDocument {
        // One walk finds the Swift files and the manifests (Package.swift is both).
        let discovery = FileDiscovery(options: .init(extensions: ["swift", "pbxproj"], excludes: (configuration.exclude + options.excludes).map(Glob.init)))
        let timer = StageTimer()
        let found = try discovery.discover(root: path)
        let swiftFiles = found.files.filter { $0.relativePath.hasSuffix(".swift") }
        let manifests = found.files.map(\.relativePath).filter {
            $0.hasSuffix(".xcodeproj/project.pbxproj") || $0 == "Package.swift" || $0.hasSuffix("/Package.swift")
        }
        // Manifests are read while the Swift files parse (a 1 MB project.pbxproj takes ~10 ms); only the merge needs them.
        let configured = configuration.modules
        let reading = Concurrently(options.jobs > 1 && !manifests.isEmpty) {
            Result { try ModuleDiscovery.discover(root: path, manifests: manifests, configured: configured) }
        }
        timer.lap("discovery")
        let maxSize = options.maxFileSize ?? configuration.maxFileSize ?? Self.defaultMaxFileSize
        var moduleDiagnostics: [Diagnostic] = []
        var document = try DetectionStage(options: .init(maxFileSize: maxSize, jobs: options.jobs))
            .run(files: swiftFiles, root: path, progress: progress, timer: timer) {
                let modules = try reading.value.get()
                moduleDiagnostics = modules.diagnostics
                return modules.map
            }
        document.diagnostics = (found.diagnostics + moduleDiagnostics + document.diagnostics).sorted()
        try Self.checkModuleNames(configuration, document: document)
        return document
    }

    /// A module named in `.carto.yml` that the codebase does not have is a mistake (a typo would silently switch a
    /// rule off): exit 2 naming it and the modules there are.
    static func checkModuleNames(_ configuration: CartoConfiguration, document: AnalysisDocument) throws {
        let known = Set(document.modules.map(\.name) + document.components.compactMap(\.module))
        for (name, key) in configuration.mentionedModules where !known.contains(name) {
            let list = known.sorted().prefix(12).joined(separator: ", ") + (known.count > 12 ? ", …" : "")
            throw CartoError("\(CartoConfiguration.fileName): \(key) names module '\(name)', which this codebase does not have (modules: \(list)); fix the name")
        }
    }

    /// The full analysis.
    public func analyze(path: String) throws -> ArchitectureReport {
        let configuration = try configuration(for: path)
        let preset = try resolvePreset(configuration)
        let progress = ProgressReporter(enabled: options.showProgress)
        defer { progress.finish() }
        let timer = StageTimer()
        let document = try detect(path: path, configuration: configuration, progress: progress)
        timer.lap("detection")
        progress.begin(phase: "Resolving references", total: 0)
        let architecture = ExtractionStage(jobs: options.jobs).run(document)
        timer.lap("extraction")
        progress.begin(phase: "Categorising components", total: 0)
        // The sorted edge lists depend on extraction only: build them on a second core while categorisation runs.
        let lists = Concurrently(options.jobs > 1) { (architecture.dependencies(), architecture.externalReferenceList()) }
        // The style is detected from `auto`'s roles whatever the preset, and decides `auto`'s rules (VIPER: its preset).
        let autoAssignments = CategorisationStage(preset: .auto, customLayers: configuration.layers).run(architecture)
        let detected = StyleDetection.detect(architecture, assignments: autoAssignments)
        var applied = preset
        if preset.name == Preset.auto.name {
            if detected.style == .viper { applied = Preset.viper; applied.name = Preset.auto.name } else { applied.rules = detected.style.rules }
        }
        let assignments = applied.name == Preset.auto.name && detected.style != .viper ? autoAssignments
            : CategorisationStage(preset: applied, customLayers: configuration.layers).run(architecture)
        timer.lap("categorisation")
        progress.begin(phase: "Checking rules", total: 0)
        var report = AnalysisStage(preset: applied, configuration: configuration, baseline: options.baseline, detected: detected)
            .run(architecture, assignments: assignments, lists: lists.value)
        timer.lap("analysis")
        if let repo = PathUtilities.repositoryRoot(containing: path) {
            var isDir: ObjCBool = false
            let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue ? (path as NSString).deletingLastPathComponent : path
            let rel = PathUtilities.relative(folder, to: repo)
            report.repositoryPrefix = rel == "." ? "" : rel
        }
        return report
    }
}

/// Stage timings on stderr when `CARTO_TIMINGS` is set (used by the benchmarks).
final class StageTimer {
    private var last = DispatchTime.now().uptimeNanoseconds
    private let enabled = ProcessInfo.processInfo.environment["CARTO_TIMINGS"] != nil

    func lap(_ name: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        StandardError.write(String(format: "timing %@: %.3f s\n", name, Double(now - last) / 1e9))
        last = now
    }
}

