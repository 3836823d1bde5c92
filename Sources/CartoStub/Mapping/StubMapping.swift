import CartoCore
import Foundation

/// One WireMock stub mapping: a request pattern, a response, a priority (1 is highest, default 5) and an
/// optional scenario step (`scenarioName`, `requiredScenarioState`, `newScenarioState`; scenarios start in
/// `Started`).
public struct StubMapping: Sendable, Equatable {
    public static let startedState = "Started"
    public static let defaultPriority = 5

    public var id: String
    public var name: String?
    public var request: RequestPattern
    public var response: ResponseDefinition
    public var priority: Int
    public var scenarioName: String?
    public var requiredScenarioState: String?
    public var newScenarioState: String?
    /// Other top-level fields kept as they were (metadata, persistent, …) so listings round-trip.
    public var extra: [(String, JSONValue)]
    /// The file it came from, relative to the mappings folder (nil for mappings added over the API).
    public var sourceFile: String?

    public init(id: String = UUID().uuidString.lowercased(), name: String? = nil, request: RequestPattern, response: ResponseDefinition,
                priority: Int = StubMapping.defaultPriority, scenarioName: String? = nil, requiredScenarioState: String? = nil,
                newScenarioState: String? = nil) {
        self.id = id
        self.name = name
        self.request = request
        self.response = response
        self.priority = priority
        self.scenarioName = scenarioName
        self.requiredScenarioState = requiredScenarioState
        self.newScenarioState = newScenarioState
        self.extra = []
    }

    public static func == (a: StubMapping, b: StubMapping) -> Bool { a.json == b.json }

    public init(json: JSONValue, path: String = "") throws {
        let r = try FieldReader(json, path: path)
        id = (try r.string("id") ?? r.string("uuid")) ?? UUID().uuidString.lowercased()
        name = try r.string("name")
        guard let req = json["request"] else { throw MappingError(path: path, message: "a mapping needs a \"request\"") }
        request = try RequestPattern(json: req, path: r.sub("request"))
        response = try json["response"].map { try ResponseDefinition(json: $0, path: r.sub("response")) } ?? ResponseDefinition()
        priority = try r.int("priority") ?? Self.defaultPriority
        scenarioName = try r.string("scenarioName")
        requiredScenarioState = try r.string("requiredScenarioState")
        newScenarioState = try r.string("newScenarioState")
        if scenarioName == nil, requiredScenarioState != nil || newScenarioState != nil {
            throw MappingError(path: path, message: "requiredScenarioState/newScenarioState need a scenarioName")
        }
        let known: Set = ["id", "uuid", "name", "request", "response", "priority", "scenarioName", "requiredScenarioState", "newScenarioState"]
        extra = json.objectValue?.filter { !known.contains($0.0) } ?? []
    }

    public var json: JSONValue {
        var f: [(String, JSONValue)] = [("id", .string(id))]
        if let name { f.append(("name", .string(name))) }
        f.append(("request", request.json))
        f.append(("response", response.json))
        if priority != Self.defaultPriority { f.append(("priority", .number(priority))) }
        if let scenarioName { f.append(("scenarioName", .string(scenarioName))) }
        if let requiredScenarioState { f.append(("requiredScenarioState", .string(requiredScenarioState))) }
        if let newScenarioState { f.append(("newScenarioState", .string(newScenarioState))) }
        return .object(f + extra)
    }

    /// Parses a mapping file's contents: a single mapping or `{"mappings": [...]}`.
    public static func parseFile(_ bytes: [UInt8], file: String? = nil) throws -> [StubMapping] {
        let doc: JSONValue
        do { doc = try JSONValue.parse(bytes) } catch let e as JSONValue.ParseError {
            throw MappingError(file: file, path: "", message: "malformed JSON at \(e)")
        }
        do {
            if let list = doc["mappings"] {
                guard let items = list.arrayValue else { throw MappingError(path: "mappings", message: "expected an array") }
                return try items.enumerated().map { i, m in
                    var mapping = try StubMapping(json: m, path: "mappings[\(i)]")
                    mapping.sourceFile = file
                    return mapping
                }
            }
            var mapping = try StubMapping(json: doc)
            mapping.sourceFile = file
            return [mapping]
        } catch var e as MappingError {
            e.file = file
            throw e
        }
    }
}
