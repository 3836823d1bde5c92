import CartoCore
import Foundation

/// One entry of `multipartPatterns`: headers and body patterns a part must satisfy; `ANY` (the default) needs one
/// such part, `ALL` needs every part to satisfy them. A request whose body is not multipart matches neither.
public struct MultipartPattern: Sendable, Equatable, CustomStringConvertible {
    public enum MatchingType: String, Sendable { case any = "ANY", all = "ALL" }

    public var matchingType: MatchingType
    public var headers: [(String, MultiValuePattern)]
    public var bodyPatterns: [BodyPattern]

    public init(json: JSONValue, path: String) throws {
        let r = try FieldReader(json, path: path)
        let type = try r.string("matchingType") ?? "ANY"
        guard let t = MatchingType(rawValue: type.uppercased()) else {
            throw MappingError(path: r.sub("matchingType"), message: "'\(type)' is not ANY or ALL")
        }
        matchingType = t
        headers = try (r.object("headers") ?? []).map { name, p in (name, try MultiValuePattern(json: p, path: "\(r.sub("headers")).\(name)")) }
        bodyPatterns = try (r.array("bodyPatterns") ?? []).enumerated().map { i, p in try BodyPattern(json: p, path: "\(r.sub("bodyPatterns"))[\(i)]") }
    }

    public static func == (a: MultipartPattern, b: MultipartPattern) -> Bool { a.json == b.json }

    func matches(_ part: MultipartPart) -> Bool {
        headers.allSatisfy { name, p in p.matches(part.headerValues(name)) } && bodyPatterns.allSatisfy { $0.matches(part) }
    }

    func matches(_ parts: [MultipartPart]?) -> Bool {
        guard let parts, !parts.isEmpty else { return false }
        switch matchingType {
        case .any: return parts.contains { matches($0) }
        case .all: return parts.allSatisfy { matches($0) }
        }
    }

    public var json: JSONValue {
        var f: [(String, JSONValue)] = [("matchingType", .string(matchingType.rawValue))]
        if !headers.isEmpty { f.append(("headers", .object(headers.map { ($0.0, $0.1.json) }))) }
        if !bodyPatterns.isEmpty { f.append(("bodyPatterns", .array(bodyPatterns.map(\.json)))) }
        return .object(f)
    }

    public var description: String {
        let what = (headers.map { "header \($0.0) \($0.1)" } + bodyPatterns.map(\.description)).joined(separator: ", ")
        return "multipart (\(matchingType == .any ? "a part" : "every part")): \(what)"
    }
}
