import Foundation
import CartoCore

/// An Xcode project's native targets with the Swift files they compile, read from `project.pbxproj`.
/// The file is an old-style (OpenStep) property list, read by `OpenStepPropertyList` (line numbers in its errors);
/// the rest of carto sees `Target`.
public struct XcodeProject: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        public var name: String
        public var kind: ModuleKind
        /// Swift files of its Sources build phase, relative to the analysed folder.
        public var files: [String]
        /// Folders of Xcode 16's synchronized groups (every file inside compiles into the target), relative.
        public var folders: [String]
        /// Files of synchronized folders excluded from this target (membership exceptions), relative.
        public var excluded: [String]
        /// Targets of the same project it depends on.
        public var dependencies: [String]
        /// Swift package products it links (`packageProductDependencies`).
        public var packageProducts: [String]
    }

    /// `project.pbxproj` relative to the analysed folder.
    public var file: String
    public var targets: [Target]

    /// Reads `path` (`file` names it in reports and is what paths are made relative from: the folder holding the
    /// `.xcodeproj` is the project's folder). Throws `CartoError` naming the file when it is not a readable project.
    public static func read(path: String, file: String) throws -> XcodeProject {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CartoError("\(file): Xcode project is not readable; check its permissions or add it to exclude in .carto.yml")
        }
        return try parse(data, file: file)
    }

    public static func parse(_ data: Data, file: String) throws -> XcodeProject {
        func fail(_ what: String) -> CartoError {
            CartoError("\(file): not a valid Xcode project (\(what)); repair it (Xcode rewrites it on save) or add it to exclude in .carto.yml")
        }
        let plist: OpenStepPropertyList
        do { plist = try OpenStepPropertyList.parse([UInt8](data)) } catch let e as OpenStepPropertyList.SyntaxError {
            throw fail("line \(e.line): \(e.message)")
        }
        guard let objects = plist["objects"]?.dictionary?.compactMapValues(\.dictionary),
              let rootID = plist["rootObject"]?.string, let project = objects[rootID], project["isa"]?.string == "PBXProject" else {
            throw fail("no objects or rootObject naming a PBXProject")
        }
        // <Name>.xcodeproj/project.pbxproj → the folder holding the .xcodeproj.
        let projectFolder = ((file as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let projectDir = ModulePath.join(projectFolder, project["projectDirPath"]?.string ?? "")

        // Each group's and file's parent, to build paths of `<group>`-relative references.
        var parent: [String: String] = [:]
        for (id, object) in objects {
            for child in object["children"]?.strings ?? [] { parent[child] = id }
        }
        var pathCache: [String: String?] = [:]
        func path(of id: String) -> String? {
            if let cached = pathCache[id] { return cached }
            guard let object = objects[id] else { return nil }
            let own = object["path"]?.string ?? ""
            let result: String?
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                if let p = parent[id] { result = path(of: p).map { ModulePath.join($0, own) } } else { result = ModulePath.join(projectDir, own) }
            case "SOURCE_ROOT": result = ModulePath.join(projectDir, own)
            default: result = nil   // <absolute>, SDKROOT, BUILT_PRODUCTS_DIR: outside the analysed folder
            }
            pathCache[id] = result
            return result
        }

        let targetIDs = project["targets"]?.strings ?? []
        var names: [String: String] = [:]
        for id in targetIDs { if let n = objects[id]?["name"]?.string { names[id] = n } }
        var targets: [Target] = []
        for id in targetIDs {
            guard let target = objects[id], target["isa"]?.string == "PBXNativeTarget", let name = names[id] else { continue }
            var files: [String] = []
            for phaseID in target["buildPhases"]?.strings ?? [] {
                guard let phase = objects[phaseID], phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"]?.strings ?? [] {
                    guard let ref = objects[buildFileID]?["fileRef"]?.string, let p = path(of: ref), p.hasSuffix(".swift") else { continue }
                    files.append(p)
                }
            }
            var folders: [String] = [], excluded: [String] = []
            for groupID in target["fileSystemSynchronizedGroups"]?.strings ?? [] {
                guard let folder = path(of: groupID) else { continue }
                folders.append(folder)
                for exceptionID in objects[groupID]?["exceptions"]?.strings ?? [] {
                    guard let exception = objects[exceptionID], exception["target"]?.string == id else { continue }
                    excluded += (exception["membershipExceptions"]?.strings ?? []).map { ModulePath.join(folder, $0) }
                }
            }
            let dependencies = (target["dependencies"]?.strings ?? []).compactMap { objects[$0]?["target"]?.string }.compactMap { names[$0] }
            let products = (target["packageProductDependencies"]?.strings ?? []).compactMap { objects[$0]?["productName"]?.string }
            targets.append(Target(name: name, kind: kind(of: target["productType"]?.string ?? ""), files: files, folders: folders,
                                  excluded: excluded, dependencies: dependencies, packageProducts: products))
        }
        return XcodeProject(file: file, targets: targets)
    }

    static func kind(of productType: String) -> ModuleKind {
        switch productType {
        case "com.apple.product-type.application", "com.apple.product-type.application.watchapp2", "com.apple.product-type.application.messages":
            return .application
        case let t where t.contains("extension") || t.hasSuffix(".watchkit2-extension"): return .appExtension
        case let t where t.contains("test"): return .test
        case let t where t.contains("framework"): return .framework
        case let t where t.contains("library"): return .library
        case "com.apple.product-type.tool": return .executable
        default: return .other
        }
    }
}
