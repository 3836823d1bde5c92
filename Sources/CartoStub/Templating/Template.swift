import CartoCore
import Foundation

/// A response template in the Handlebars dialect WireMock's `response-template` transformer reads: `{{path}}`
/// (HTML-escaped), `{{{path}}}` (raw), helper calls with literal, path, sub-expression and `key=value` arguments,
/// and the blocks `if`/`unless`/`each`/`with` plus helper blocks (`{{#eq a 'x'}}…{{else}}…{{/eq}}`).
///
/// Our own parser rather than swift-mustache (which the mirror has): Mustache has no helper calls with arguments
/// (`{{jsonPath request.body '$.id'}}`, `{{now offset='3 days'}}`), which is most of what WireMock templates use.
/// Parsed once per mapping; unknown helpers and syntax errors are reported when the mapping loads.
public struct Template: Sendable, Equatable {
    indirect enum Expression: Sendable, Equatable {
        case path([String])  // `request.query.id.[1]` → ["request", "query", "id", "1"]; `this` → []
        case string(String)
        case number(Double)
        case bool(Bool)
        case call(name: String, arguments: [Expression], hash: [String: Expression])
    }

    indirect enum Node: Sendable, Equatable {
        case text(String)
        case value(Expression, escaped: Bool)
        case block(name: String, arguments: [Expression], hash: [String: Expression], body: [Node], inverse: [Node])
    }

    let nodes: [Node]
    public let source: String

    public static func == (a: Template, b: Template) -> Bool { a.source == b.source }

    /// Whether a text contains template syntax at all (plain strings need no rendering).
    static func hasSyntax(_ text: String) -> Bool { text.contains("{{") }

    public init(_ source: String) throws {
        self.source = source
        var parser = Parser(text: Array(source.unicodeScalars), source: source)
        let (nodes, end) = try parser.parseNodes(until: nil)
        if let end { throw TemplateError("{{/\(end)}} closes a block that was never opened") }
        self.nodes = nodes
    }

    private struct Parser {
        let text: [Unicode.Scalar]
        let source: String
        var i = 0

        init(text: [Unicode.Scalar], source: String) {
            self.text = text
            self.source = source
        }

        func starts(_ s: String, at k: Int) -> Bool {
            var j = k
            for c in s.unicodeScalars {
                guard j < text.count, text[j] == c else { return false }
                j += 1
            }
            return true
        }

        /// Nodes up to `{{/name}}` or `{{else}}` (returned as the terminator), or to the end.
        mutating func parseNodes(until block: String?) throws -> ([Node], String?) {
            var nodes: [Node] = []
            var literal = String.UnicodeScalarView()
            func flush() {
                if !literal.isEmpty { nodes.append(.text(String(literal))); literal = String.UnicodeScalarView() }
            }
            while i < text.count {
                guard starts("{{", at: i) else { literal.append(text[i]); i += 1; continue }
                flush()
                let triple = starts("{{{", at: i)
                let close = triple ? "}}}" : "}}"
                var j = i + (triple ? 3 : 2)
                let start = j
                while j < text.count, !starts(close, at: j) { j += 1 }
                guard j < text.count else { throw TemplateError("'\(triple ? "{{{" : "{{")' is never closed") }
                var inner = String(String.UnicodeScalarView(text[start..<j])).trimmingCharacters(in: .whitespaces)
                i = j + close.count
                // Whitespace control (`{{~x~}}`) is accepted; the whitespace is kept.
                if inner.hasPrefix("~") { inner.removeFirst() }
                if inner.hasSuffix("~") { inner.removeLast() }
                inner = inner.trimmingCharacters(in: .whitespaces)
                if inner.hasPrefix("!") { continue }  // comment
                if inner == "else" || inner == "^" { return (nodes, "else") }
                if inner.hasPrefix("/") { return (nodes, "/" + inner.dropFirst().trimmingCharacters(in: .whitespaces)) }
                if inner.hasPrefix("#") {
                    let tokens = try Tokenizer.tokens(String(inner.dropFirst()))
                    guard case let .path(p)? = tokens.first.map({ try? Tokenizer.expression($0) }) ?? nil, p.count == 1 else {
                        throw TemplateError("{{#\(inner.dropFirst())}} needs a block name")
                    }
                    let name = p[0]
                    let (arguments, hash) = try Tokenizer.arguments(Array(tokens.dropFirst()))
                    try Helpers.check(name, block: true)
                    var (body, end) = try parseNodes(until: name)
                    var inverse: [Node] = []
                    if end == "else" { (inverse, end) = try parseNodes(until: name) }
                    guard end == "/" + name else { throw TemplateError("{{#\(name)}} is not closed by {{/\(name)}}") }
                    nodes.append(.block(name: name, arguments: arguments, hash: hash, body: body, inverse: inverse))
                    continue
                }
                let tokens = try Tokenizer.tokens(inner)
                guard !tokens.isEmpty else { throw TemplateError("empty {{}}") }
                let head = try Tokenizer.expression(tokens[0])
                if tokens.count > 1 || (head.isSingleName.map(Helpers.isHelper) ?? false) {
                    guard case let .path(p) = head, p.count == 1 else { throw TemplateError("'\(tokens[0])' is not a helper name") }
                    try Helpers.check(p[0], block: false)
                    let (arguments, hash) = try Tokenizer.arguments(Array(tokens.dropFirst()))
                    nodes.append(.value(.call(name: p[0], arguments: arguments, hash: hash), escaped: !triple))
                } else {
                    nodes.append(.value(head, escaped: !triple))
                }
            }
            flush()
            return (nodes, nil)
        }
    }

    /// Splits an expression's text into tokens (strings keep their quotes; parentheses group sub-expressions).
    enum Tokenizer {
        static func tokens(_ s: String) throws -> [String] {
            var out: [String] = []
            var cur = ""
            var quote: Character?
            var depth = 0
            for c in s {
                if let q = quote {
                    cur.append(c)
                    if c == q { quote = nil }
                    continue
                }
                if c == "'" || c == "\"" { quote = c; cur.append(c); continue }
                if c == "(" { depth += 1 }
                if c == ")" { depth -= 1 }
                if c.isWhitespace && depth == 0 {
                    if !cur.isEmpty { out.append(cur); cur = "" }
                    continue
                }
                cur.append(c)
            }
            if quote != nil { throw TemplateError("unclosed string in '\(s)'") }
            if depth != 0 { throw TemplateError("unbalanced parentheses in '\(s)'") }
            if !cur.isEmpty { out.append(cur) }
            return out
        }

        static func arguments(_ tokens: [String]) throws -> ([Expression], [String: Expression]) {
            var arguments: [Expression] = []
            var hash: [String: Expression] = [:]
            for t in tokens {
                if let eq = t.firstIndex(of: "="), !t.hasPrefix("'"), !t.hasPrefix("\""), !t.hasPrefix("("),
                   t[..<eq].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                    hash[String(t[..<eq])] = try expression(String(t[t.index(after: eq)...]))
                } else {
                    arguments.append(try expression(t))
                }
            }
            return (arguments, hash)
        }

        static func expression(_ t: String) throws -> Expression {
            if t.count >= 2, let f = t.first, f == "'" || f == "\"", t.last == f { return .string(String(t.dropFirst().dropLast())) }
            if t.hasPrefix("(") && t.hasSuffix(")") {
                let inner = try tokens(String(t.dropFirst().dropLast()))
                guard case let .path(p)? = inner.first.map({ try? expression($0) }) ?? nil, p.count == 1 else {
                    throw TemplateError("'\(t)' needs a helper name")
                }
                try Helpers.check(p[0], block: false)
                let (arguments, hash) = try self.arguments(Array(inner.dropFirst()))
                return .call(name: p[0], arguments: arguments, hash: hash)
            }
            if t == "true" { return .bool(true) }
            if t == "false" { return .bool(false) }
            if let d = Double(t), t.first.map({ $0.isNumber || $0 == "-" }) == true { return .number(d) }
            return .path(try path(t))
        }

        /// `a.b.[1].c-d` → ["a", "b", "1", "c-d"]; `this` and `.` are the current value.
        static func path(_ t: String) throws -> [String] {
            if t == "this" || t == "." { return [] }
            var segments: [String] = []
            var cur = ""
            var inBracket = false
            for c in t {
                if inBracket {
                    if c == "]" { inBracket = false; segments.append(cur); cur = "" } else { cur.append(c) }
                    continue
                }
                if c == "[" { if !cur.isEmpty { segments.append(cur); cur = "" }; inBracket = true; continue }
                if c == "." { if !cur.isEmpty { segments.append(cur) }; cur = ""; continue }
                cur.append(c)
            }
            if inBracket { throw TemplateError("unclosed '[' in '\(t)'") }
            if !cur.isEmpty { segments.append(cur) }
            if segments.first == "this" { segments.removeFirst() }
            return segments
        }
    }
}

extension Template.Expression {
    var isSingleName: String? { if case let .path(p) = self, p.count == 1 { return p[0] }; return nil }
}

struct TemplateError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
