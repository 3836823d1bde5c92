import Foundation
import CartoCore
import Yams

/// A layer declared in `.carto.yml`.
public struct CustomLayerConfiguration: Codable, Hashable, Sendable {
    public var name: String
    public var title: String?
    public var color: String?
    public var baseTypes: [String] = []
    public var conformsTo: [String] = []
    public var namePattern: String?
    public var paths: [String] = []
    /// Modules the layer applies to: its other criteria match only there, and with no other criterion it claims
    /// every component of these modules (`{name: model, modules: [Storage]}`).
    public var modules: [String] = []

    public init(name: String, baseTypes: [String] = [], conformsTo: [String] = [], namePattern: String? = nil, paths: [String] = [],
                modules: [String] = []) {
        self.name = name; self.baseTypes = baseTypes; self.conformsTo = conformsTo; self.namePattern = namePattern; self.paths = paths
        self.modules = modules
    }
}

/// A module declared in `.carto.yml` by its folders (relative to the analysed folder); it wins over manifests.
public struct ModuleConfiguration: Codable, Hashable, Sendable {
    public var name: String
    public var paths: [String]
    public init(name: String, paths: [String]) { self.name = name; self.paths = paths }
}

/// A module dependency rule: components of `from` must not depend on components of `to` (`*`: any other module).
public struct ModulePair: Codable, Hashable, Sendable {
    public var from: String
    public var to: String
    public init(from: String, to: String) { self.from = from; self.to = to }
}

public struct LayerPair: Codable, Hashable, Sendable {
    public var from: String
    public var to: String
    public init(from: String, to: String) { self.from = from; self.to = to }
}

/// `.carto.yml`: the project's architecture settings. Every key is checked; a mistake is reported
/// with the file, the line and the key, and the run stops with exit code 2.
public struct CartoConfiguration: Sendable, Equatable {
    public var preset: String?
    public var exclude: [String] = []
    public var maxFileSize: Int?
    public var layers: [CustomLayerConfiguration] = []
    public var forbidden: [LayerPair] = []
    public var allowed: [LayerPair] = []
    public var modules: [ModuleConfiguration] = []
    public var forbiddenModuleDependencies: [ModulePair] = []

    public init() {}

    /// Every module name the configuration mentions, with the key naming it, to check against the codebase's modules.
    public var mentionedModules: [(name: String, key: String)] {
        layers.flatMap { l in l.modules.map { ($0, "layers.modules (layer \(l.name))") } }
            + forbiddenModuleDependencies.flatMap { [($0.from, "moduleRules.forbidden"), ($0.to, "moduleRules.forbidden")] }.filter { $0.0 != "*" }
    }

    public static let fileName = ".carto.yml"
    static let topLevelKeys = ["preset", "exclude", "maxFileSize", "layers", "rules", "modules", "moduleRules"]
    static let layerKeys = ["name", "title", "color", "baseTypes", "conformsTo", "namePattern", "paths", "modules"]
    static let ruleKeys = ["forbidden", "allowed"]

    /// Loads `path`. Throws `CartoError` naming the file, line and key on any problem.
    public static func load(path: String) throws -> CartoConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CartoError("\(path): configuration file is not readable; check the path and its permissions")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CartoError("\(path): configuration is not valid UTF-8; re-save it as UTF-8")
        }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws -> CartoConfiguration {
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw CartoError("\(file): invalid YAML: \(Self.describe(error)); fix the syntax")
        } catch {
            throw CartoError("\(file): invalid YAML: \(error); fix the syntax")
        }
        var config = CartoConfiguration()
        guard let node else { return config }
        guard let mapping = node.mapping else {
            throw CartoError("\(file):\(line(node)): the configuration must be a mapping of keys (preset, exclude, maxFileSize, layers, rules)")
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            func fail(_ message: String) -> CartoError { CartoError("\(file):\(line(value)): key '\(key)': \(message)") }
            switch key {
            case "preset":
                guard let name = value.string, !name.isEmpty else { throw fail("expected a preset name") }
                guard Preset.named(name) != nil else {
                    throw fail("unknown preset '\(name)'; use one of \(Preset.all.map(\.name).joined(separator: ", "))")
                }
                config.preset = name
            case "exclude":
                config.exclude = try stringList(value, fail: fail)
            case "maxFileSize":
                guard let n = value.int, n > 0 else { throw fail("expected a positive number of bytes") }
                config.maxFileSize = n
            case "layers":
                guard let seq = value.sequence else { throw fail("expected a list of layers") }
                for item in seq { config.layers.append(try parseLayer(item, file: file)) }
            case "rules":
                guard let rules = value.mapping else { throw fail("expected a mapping with 'forbidden' and/or 'allowed'") }
                for (ruleKeyNode, ruleValue) in rules {
                    let ruleKey = ruleKeyNode.string ?? ""
                    func ruleFail(_ m: String) -> CartoError { CartoError("\(file):\(line(ruleValue)): key 'rules.\(ruleKey)': \(m)") }
                    guard ruleKeys.contains(ruleKey) else {
                        throw CartoError("\(file):\(line(ruleKeyNode)): unknown key 'rules.\(ruleKey)'; expected one of \(ruleKeys.joined(separator: ", "))")
                    }
                    guard let seq = ruleValue.sequence else { throw ruleFail("expected a list of {from, to} pairs") }
                    var pairs: [LayerPair] = []
                    for item in seq {
                        guard let m = item.mapping, let from = m["from"]?.string, let to = m["to"]?.string, m.count == 2 else {
                            throw CartoError("\(file):\(line(item)): key 'rules.\(ruleKey)': each entry needs exactly 'from' and 'to' layer names")
                        }
                        pairs.append(LayerPair(from: from.lowercased(), to: to.lowercased()))
                    }
                    if ruleKey == "forbidden" { config.forbidden = pairs } else { config.allowed = pairs }
                }
            case "modules":
                guard let seq = value.sequence else { throw fail("expected a list of modules, each {name, paths}") }
                for item in seq {
                    guard let m = item.mapping, let name = m["name"]?.string, !name.isEmpty, let pathsNode = m["paths"], m.count == 2 else {
                        throw CartoError("\(file):\(line(item)): key 'modules': each module needs exactly 'name' and 'paths' (folders relative to the analysed folder)")
                    }
                    let paths = try stringList(pathsNode, fail: fail).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
                    config.modules.append(ModuleConfiguration(name: name, paths: paths))
                }
            case "moduleRules":
                guard let rules = value.mapping else { throw fail("expected a mapping with 'forbidden'") }
                for (ruleKeyNode, ruleValue) in rules {
                    guard ruleKeyNode.string == "forbidden" else {
                        throw CartoError("\(file):\(line(ruleKeyNode)): unknown key 'moduleRules.\(ruleKeyNode.string ?? "")'; expected forbidden")
                    }
                    guard let seq = ruleValue.sequence else {
                        throw CartoError("\(file):\(line(ruleValue)): key 'moduleRules.forbidden': expected a list of {from, to} module pairs")
                    }
                    for item in seq {
                        guard let m = item.mapping, let from = m["from"]?.string, let to = m["to"]?.string, m.count == 2, from != "*" else {
                            throw CartoError("\(file):\(line(item)): key 'moduleRules.forbidden': each entry needs exactly 'from' (a module) and 'to' (a module or *)")
                        }
                        config.forbiddenModuleDependencies.append(ModulePair(from: from, to: to))
                    }
                }
            case "crawl":
                break   // carto crawl's specification (CartoExplore.CrawlSpecification reads it)
            default:
                throw CartoError("\(file):\(line(keyNode)): unknown key '\(key)'; expected one of \(topLevelKeys.joined(separator: ", "))")
            }
        }
        return config
    }

    private static func parseLayer(_ node: Node, file: String) throws -> CustomLayerConfiguration {
        guard let m = node.mapping else { throw CartoError("\(file):\(line(node)): key 'layers': each layer must be a mapping with at least 'name'") }
        var layer = CustomLayerConfiguration(name: "")
        for (keyNode, value) in m {
            let key = keyNode.string ?? ""
            func fail(_ message: String) -> CartoError { CartoError("\(file):\(line(value)): key 'layers.\(key)': \(message)") }
            switch key {
            case "name":
                guard let s = value.string, !s.isEmpty else { throw fail("expected a layer name") }
                layer.name = s.lowercased()
            case "title": layer.title = value.string
            case "color": layer.color = value.string
            case "baseTypes": layer.baseTypes = try stringList(value, fail: fail)
            case "conformsTo": layer.conformsTo = try stringList(value, fail: fail)
            case "paths": layer.paths = try stringList(value, fail: fail)
            case "modules": layer.modules = try stringList(value, fail: fail)
            case "namePattern":
                guard let s = value.string else { throw fail("expected a regular expression") }
                do { _ = try NSRegularExpression(pattern: s) } catch { throw fail("invalid regular expression '\(s)'") }
                layer.namePattern = s
            default:
                throw CartoError("\(file):\(line(keyNode)): unknown key 'layers.\(key)'; expected one of \(layerKeys.joined(separator: ", "))")
            }
        }
        guard !layer.name.isEmpty else { throw CartoError("\(file):\(line(node)): key 'layers': a layer has no 'name'") }
        return layer
    }

    private static func stringList(_ node: Node, fail: (String) -> CartoError) throws -> [String] {
        if let s = node.string, node.scalar != nil { return [s] }
        guard let seq = node.sequence else { throw fail("expected a list of strings") }
        return try seq.map { item in
            guard let s = item.string else { throw fail("expected a list of strings") }
            return s
        }
    }

    private static func line(_ node: Node) -> Int { node.mark?.line ?? 1 }

    private static func describe(_ error: YamlError) -> String { CartoError.oneLine("\(error)") }

    /// Finds `.carto.yml` in `root` (or the folder holding the file `root`).
    public static func discover(root: String) -> String? {
        var isDir: ObjCBool = false
        var folder = root
        if FileManager.default.fileExists(atPath: root, isDirectory: &isDir), !isDir.boolValue {
            folder = (root as NSString).deletingLastPathComponent
        }
        let candidate = (folder as NSString).appendingPathComponent(fileName)
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }
}
