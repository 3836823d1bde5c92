import CartoCore
import Foundation

/// A pattern for a query parameter, header or form field, which may come several times: one string pattern that
/// any value may satisfy (WireMock 2), or WireMock 3's `hasExactly` (each pattern matched by a value, no value
/// left over, in any order) and `includes` (each pattern matched by some value, others allowed).
public enum MultiValuePattern: Sendable, Equatable, CustomStringConvertible {
    case single(StringPattern)
    case hasExactly([StringPattern])
    case includes([StringPattern])

    public static func equalTo(_ s: String) -> MultiValuePattern { .single(.equalTo(s)) }

    public init(json: JSONValue, path: String) throws {
        let r = try FieldReader(json, path: path)
        for key in ["hasExactly", "includes"] {
            guard let list = try r.array(key) else { continue }
            guard !list.isEmpty else { throw MappingError(path: r.sub(key), message: "needs at least one pattern") }
            let parts = try list.enumerated().map { i, p in try StringPattern(json: p, path: "\(r.sub(key))[\(i)]") }
            self = key == "hasExactly" ? .hasExactly(parts) : .includes(parts)
            return
        }
        self = .single(try StringPattern(json: json, path: path))
    }

    public func matches(_ values: [String]) -> Bool {
        switch self {
        case let .single(p): return p.matches(any: values)
        case let .includes(patterns): return patterns.allSatisfy { p in values.contains { p.matches($0) } }
        case let .hasExactly(patterns):
            guard values.count == patterns.count else { return false }
            // Each pattern takes a distinct value (a small bipartite matching; lists are a handful long).
            var used = [Bool](repeating: false, count: values.count)
            func assign(_ k: Int) -> Bool {
                if k == patterns.count { return true }
                for j in values.indices where !used[j] && patterns[k].matches(values[j]) {
                    used[j] = true
                    if assign(k + 1) { return true }
                    used[j] = false
                }
                return false
            }
            return assign(0)
        }
    }

    public var json: JSONValue {
        switch self {
        case let .single(p): return p.json
        case let .hasExactly(ps): return .object([("hasExactly", .array(ps.map(\.json)))])
        case let .includes(ps): return .object([("includes", .array(ps.map(\.json)))])
        }
    }

    public var description: String {
        switch self {
        case let .single(p): return p.description
        case let .hasExactly(ps): return "exactly [" + ps.map(\.description).joined(separator: ", ") + "]"
        case let .includes(ps): return "including [" + ps.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
