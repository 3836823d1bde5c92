import Foundation

/// What a module builds, as its manifest says.
public enum ModuleKind: String, Codable, Sendable, CaseIterable {
    case application, appExtension = "app-extension", framework, library, executable, test, macro, plugin, other
}

/// Where a module was declared.
public enum ModuleOrigin: String, Codable, Sendable {
    /// A target of a `Package.swift` (read with swift-syntax, never run).
    case swiftPackage = "swift-package"
    /// A target of an Xcode project (`project.pbxproj`).
    case xcodeProject = "xcode-project"
    /// A module declared in `.carto.yml` by its folders.
    case configuration
    /// No manifest covers the file: the SwiftPM folder convention (`Sources/Name`, `Tests/Name`) or the analysed folder.
    case folder
}

/// Paths relative to the analysed folder, as modules and files are keyed: `/`-separated, no `.` segments, `..`
/// resolved where it can be, no leading or trailing slash. Manifests write them in many shapes.
enum ModulePath {
    /// The parts joined (empty parts skipped) and normalised: `join("App", "./Sources/../UI")` → `App/UI`.
    static func join(_ parts: String...) -> String {
        var segments: [Substring] = []
        for part in parts {
            for segment in part.split(separator: "/") {
                if segment == "." { continue }
                if segment == "..", let last = segments.last, last != ".." { segments.removeLast(); continue }
                segments.append(segment)
            }
        }
        return segments.joined(separator: "/")
    }
}

/// One module (SwiftPM target, Xcode target) of the analysed codebase: its files and the modules it depends on.
public struct ModuleDefinition: Codable, Sendable, Equatable {
    public var name: String
    public var kind: ModuleKind
    public var origin: ModuleOrigin
    /// The manifest declaring it, relative to the analysed folder ("" for configuration and folder modules).
    public var manifest: String
    /// Folders (relative, `/`-separated, no trailing slash) whose Swift files belong to the module.
    public var sourcePaths: [String]
    /// Modules of the codebase this one depends on, by name.
    public var dependencies: [String]
    /// Dependencies outside the analysed codebase (remote packages' products, SDK frameworks are not listed).
    public var externalDependencies: [String]

    /// Files listed one by one (Xcode's build phases); not written to JSON: an app target lists thousands.
    var sourceFiles: Set<String> = []
    /// Files and folders under `sourcePaths` that the manifest excludes (`exclude:`, membership exceptions).
    var excludedPaths: [String] = []

    enum CodingKeys: String, CodingKey { case name, kind, origin, manifest, sourcePaths, dependencies, externalDependencies }

    public init(name: String, kind: ModuleKind, origin: ModuleOrigin, manifest: String, sourcePaths: [String] = [],
                dependencies: [String] = [], externalDependencies: [String] = []) {
        self.name = name; self.kind = kind; self.origin = origin; self.manifest = manifest; self.sourcePaths = sourcePaths
        self.dependencies = dependencies; self.externalDependencies = externalDependencies
    }
}

/// Which module each file belongs to. Folders declared in `.carto.yml` decide first. A file listed by an Xcode target belongs to the first target (in the
/// project's order) listing it — an app and its extension often share files; otherwise to the module with the
/// longest source folder containing it; otherwise to the fallback.
public struct ModuleMap: Sendable {
    public let modules: [ModuleDefinition]
    private let byFile: [String: Int]
    /// (folder + "/", module index), longest folder first: modules declared in `.carto.yml`, then manifests'.
    private let configured: [(prefix: String, module: Int)]
    private let folders: [(prefix: String, module: Int)]
    /// Name of the module for files no manifest covers (the analysed folder's name), unless the SwiftPM folder
    /// convention names one.
    public let fallbackName: String

    public init(modules: [ModuleDefinition], fallbackName: String) {
        self.modules = modules
        self.fallbackName = fallbackName
        var byFile: [String: Int] = [:]
        var folders: [(String, Int)] = [], configured: [(String, Int)] = []
        for (i, m) in modules.enumerated() {
            for f in m.sourceFiles where byFile[f] == nil { byFile[f] = i }
            for p in m.sourcePaths {
                if m.origin == .configuration { configured.append((p.isEmpty ? "" : p + "/", i)) } else { folders.append((p.isEmpty ? "" : p + "/", i)) }
            }
        }
        self.byFile = byFile
        self.configured = configured.sorted { $0.0.count > $1.0.count }
        self.folders = folders.sorted { $0.0.count > $1.0.count }
    }

    /// The module of a file (a path relative to the analysed folder).
    public func module(ofFile file: String) -> String {
        for (prefix, i) in configured where file.hasPrefix(prefix) { return modules[i].name }
        if let i = byFile[file] { return modules[i].name }
        for (prefix, i) in folders where file.hasPrefix(prefix) {
            if modules[i].excludedPaths.contains(where: { file == $0 || file.hasPrefix($0 + "/") }) { continue }
            return modules[i].name
        }
        return Self.conventionalModule(ofFile: file) ?? fallbackName
    }

    /// The module of files no manifest covers: the analysed folder's name (the folder holding `root` when it is a file).
    public static func folderModuleName(root: String) -> String {
        var isDir: ObjCBool = false
        var folder = URL(fileURLWithPath: root).standardizedFileURL
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDir), !isDir.boolValue { folder.deleteLastPathComponent() }
        let name = folder.lastPathComponent
        return name.isEmpty || name == "/" ? "App" : name
    }

    /// `Sources/Name/…` and `Tests/Name/…` (SwiftPM's default layout) name their module.
    static func conventionalModule(ofFile file: String) -> String? {
        let parts = file.split(separator: "/")
        guard let at = parts.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), at + 2 < parts.count else { return nil }
        return String(parts[at + 1])
    }

}
