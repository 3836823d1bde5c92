import CartoCore
import Foundation

/// The JSONPath subset request matching needs (what WireMock mappings use in practice): `$`, `.name`,
/// `['name']`, `[0]`, `[-1]`, `[*]`, `.*`, recursive `..name`, and filters `[?(@.a)]`,
/// `[?(@.a == 'x')]`, `[?(@.n >= 3)]` with ==, !=, <, <=, >, >=. Compiled once, evaluated per request.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
        case wildcard
        case descendants(String?)  // `..name` or `..*`
        case filter(path: [String], op: String?, literal: JSONValue?)
    }

    public let expression: String
    let steps: [Step]

    public var description: String { expression }

    /// Whether the path may select several values (wildcards, recursive descent, filters).
    var isIndefinite: Bool {
        steps.contains { step in
            switch step {
            case .wildcard, .descendants, .filter: return true
            default: return false
            }
        }
    }

    public init(_ expression: String) throws {
        self.expression = expression
        var s = Substring(expression.trimmingCharacters(in: .whitespaces))
        guard s.first == "$" else { throw JSONPathError("must start with '$'") }
        s = s.dropFirst()
        var steps: [Step] = []
        func name(_ s: inout Substring) -> String {
            let n = s.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "$" }
            s = s.dropFirst(n.count)
            return String(n)
        }
        while let c = s.first {
            if s.hasPrefix("..") {
                s = s.dropFirst(2)
                if s.first == "*" { s = s.dropFirst(); steps.append(.descendants(nil)); continue }
                let n = name(&s)
                guard !n.isEmpty else { throw JSONPathError("expected a name after '..'") }
                steps.append(.descendants(n))
            } else if c == "." {
                s = s.dropFirst()
                if s.first == "*" { s = s.dropFirst(); steps.append(.wildcard); continue }
                let n = name(&s)
                guard !n.isEmpty else { throw JSONPathError("expected a name after '.'") }
                steps.append(.key(n))
            } else if c == "[" {
                guard let close = Self.closingBracket(s) else { throw JSONPathError("unclosed '['") }
                let inner = s[s.index(after: s.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                s = s[s.index(after: close)...]
                if inner == "*" {
                    steps.append(.wildcard)
                } else if let i = Int(inner) {
                    steps.append(.index(i))
                } else if (inner.hasPrefix("'") && inner.hasSuffix("'")) || (inner.hasPrefix("\"") && inner.hasSuffix("\"")), inner.count >= 2 {
                    steps.append(.key(String(inner.dropFirst().dropLast())))
                } else if inner.hasPrefix("?(") && inner.hasSuffix(")") {
                    steps.append(try Self.filter(String(inner.dropFirst(2).dropLast())))
                } else {
                    throw JSONPathError("unsupported selector [\(inner)]")
                }
            } else {
                throw JSONPathError("unexpected '\(c)'")
            }
        }
        self.steps = steps
    }

    private static func closingBracket(_ s: Substring) -> Substring.Index? {
        var depth = 0
        var quote: Character?
        for i in s.indices {
            let c = s[i]
            if let q = quote { if c == q { quote = nil }; continue }
            if c == "'" || c == "\"" { quote = c; continue }
            if c == "[" { depth += 1 }
            if c == "]" { depth -= 1; if depth == 0 { return i } }
        }
        return nil
    }

    private static func filter(_ text: String) throws -> Step {
        let t = text.trimmingCharacters(in: .whitespaces)
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            if let r = t.range(of: op) {
                let lhs = t[..<r.lowerBound].trimmingCharacters(in: .whitespaces)
                let rhs = t[r.upperBound...].trimmingCharacters(in: .whitespaces)
                var lit: JSONValue
                if (rhs.hasPrefix("'") && rhs.hasSuffix("'")) && rhs.count >= 2 {
                    lit = .string(String(rhs.dropFirst().dropLast()))
                } else {
                    do { lit = try JSONValue.parse(rhs) } catch { throw JSONPathError("unsupported filter value \(rhs)") }
                }
                return .filter(path: try member(lhs), op: op, literal: lit)
            }
        }
        return .filter(path: try member(t), op: nil, literal: nil)
    }

    private static func member(_ s: String) throws -> [String] {
        guard s.hasPrefix("@") else { throw JSONPathError("filters compare '@.field', found \(s)") }
        return s.dropFirst().split(separator: ".").map(String.init)
    }

    /// Every value the path selects.
    public func evaluate(_ root: JSONValue) -> [JSONValue] {
        var current = [root]
        for step in steps {
            var next: [JSONValue] = []
            for v in current {
                switch step {
                case let .key(k): if let x = v[k] { next.append(x) }
                case let .index(i):
                    if let a = v.arrayValue {
                        let j = i < 0 ? a.count + i : i
                        if a.indices.contains(j) { next.append(a[j]) }
                    }
                case .wildcard:
                    if let a = v.arrayValue { next += a } else if let o = v.objectValue { next += o.map(\.1) }
                case let .descendants(name): Self.collect(v, name: name, into: &next)
                case let .filter(path, op, lit):
                    let items = v.arrayValue ?? v.objectValue?.map(\.1) ?? []
                    for item in items where Self.test(item, path: path, op: op, literal: lit) { next.append(item) }
                }
            }
            current = next
        }
        return current
    }

    private static func collect(_ v: JSONValue, name: String?, into out: inout [JSONValue]) {
        if let o = v.objectValue {
            for (k, x) in o {
                if name == nil || k == name { out.append(x) }
                collect(x, name: name, into: &out)
            }
        } else if let a = v.arrayValue {
            for x in a {
                if name == nil { out.append(x) }
                collect(x, name: name, into: &out)
            }
        }
    }

    private static func test(_ item: JSONValue, path: [String], op: String?, literal: JSONValue?) -> Bool {
        var v: JSONValue? = item
        for k in path { v = v?[k] }
        guard let v else { return false }
        guard let op, let literal else { return true }
        if let a = v.doubleValue, let b = literal.doubleValue {
            switch op {
            case "==": return a == b
            case "!=": return a != b
            case "<": return a < b
            case "<=": return a <= b
            case ">": return a > b
            case ">=": return a >= b
            default: return false
            }
        }
        switch op {
        case "==": return v == literal
        case "!=": return v != literal
        default:
            guard let a = v.stringValue, let b = literal.stringValue else { return false }
            switch op {
            case "<": return a < b
            case "<=": return a <= b
            case ">": return a > b
            default: return a >= b
            }
        }
    }
}

struct JSONPathError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
