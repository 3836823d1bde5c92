import Foundation

/// The subset of SARIF 2.1.0 (OASIS) that code-scanning UIs read. Shared by every analysis that reports findings.
public enum SARIF {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let version = "2.1.0"

    public struct Log: Codable, Sendable {
        public var schema: String = SARIF.schema
        public var version: String = SARIF.version
        public var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
        public init(runs: [Run]) { self.runs = runs }
    }

    public struct Run: Codable, Sendable {
        public var tool: Tool
        public var results: [Result]
        public var originalUriBaseIds: [String: ArtifactLocation]?
        public init(tool: Tool, results: [Result], originalUriBaseIds: [String: ArtifactLocation]? = nil) {
            self.tool = tool; self.results = results; self.originalUriBaseIds = originalUriBaseIds
        }
    }

    public struct Tool: Codable, Sendable {
        public var driver: Driver
        public init(driver: Driver) { self.driver = driver }
    }

    public struct Driver: Codable, Sendable {
        public var name: String
        public var version: String
        public var informationUri: String
        public var rules: [ReportingDescriptor]
        public init(name: String, version: String, informationUri: String, rules: [ReportingDescriptor]) {
            self.name = name; self.version = version; self.informationUri = informationUri; self.rules = rules
        }
    }

    public struct ReportingDescriptor: Codable, Sendable {
        public var id: String
        public var name: String
        public var shortDescription: Message
        public var fullDescription: Message
        public var defaultConfiguration: Configuration
        public init(id: String, name: String, shortDescription: String, fullDescription: String, level: Level) {
            self.id = id; self.name = name
            self.shortDescription = Message(text: shortDescription)
            self.fullDescription = Message(text: fullDescription)
            self.defaultConfiguration = Configuration(level: level)
        }
    }

    public struct Configuration: Codable, Sendable { public var level: Level }

    public enum Level: String, Codable, Sendable { case error, warning, note, none }

    public struct Message: Codable, Sendable {
        public var text: String
        public init(text: String) { self.text = text }
    }

    public struct Result: Codable, Sendable {
        public var ruleId: String
        public var ruleIndex: Int?
        public var level: Level
        public var message: Message
        public var locations: [Location]
        public var partialFingerprints: [String: String]?
        public var baselineState: String?
        public init(ruleId: String, ruleIndex: Int?, level: Level, message: String, locations: [Location],
                    partialFingerprints: [String: String]? = nil, baselineState: String? = nil) {
            self.ruleId = ruleId; self.ruleIndex = ruleIndex; self.level = level
            self.message = Message(text: message); self.locations = locations
            self.partialFingerprints = partialFingerprints; self.baselineState = baselineState
        }
    }

    public struct Location: Codable, Sendable {
        public var physicalLocation: PhysicalLocation
        public init(uri: String, uriBaseId: String? = "%SRCROOT%", startLine: Int?) {
            physicalLocation = PhysicalLocation(artifactLocation: ArtifactLocation(uri: uri, uriBaseId: uriBaseId),
                                                region: startLine.map { Region(startLine: $0) })
        }
    }

    public struct PhysicalLocation: Codable, Sendable {
        public var artifactLocation: ArtifactLocation
        public var region: Region?
    }

    public struct ArtifactLocation: Codable, Sendable {
        public var uri: String
        public var uriBaseId: String?
        public init(uri: String, uriBaseId: String? = nil) { self.uri = uri; self.uriBaseId = uriBaseId }
    }

    public struct Region: Codable, Sendable { public var startLine: Int }

    /// Percent-encodes a relative path for a SARIF `uri` (RFC 3986 path characters kept).
    public static func uri(forRelativePath path: String) -> String {
        var allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=:@".unicodeScalars)
        allowed.remove("%")
        var out = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 128, allowed.contains(scalar) { out.unicodeScalars.append(scalar) }
            else { out += String(format: "%%%02X", byte) }
        }
        return out
    }
}
