import Foundation

/// A JSON document as a value: Sendable, Equatable, keeps object key order (so files written back look like
/// the ones read), and parses with errors that say where (line and column) — what a person editing a stub
/// mapping by hand needs. Numbers keep their text so `1.10` is written back as `1.10`.
public enum JSONValue: Sendable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y || (Double(x) != nil && Double(x) == Double(y))
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            guard x.count == y.count else { return false }
            let yd = Dictionary(y, uniquingKeysWith: { a, _ in a })
            return x.allSatisfy { k, v in yd[k] == v }
        default: return false
        }
    }

    public static func number(_ n: Int) -> JSONValue { .number(String(n)) }
    public static func number(_ d: Double) -> JSONValue {
        d.rounded() == d && abs(d) < 1e15 ? .number(String(Int(d))) : .number(String(d))
    }

    // MARK: Access

    public subscript(key: String) -> JSONValue? {
        if case let .object(fields) = self { return fields.first { $0.0 == key }?.1 }
        return nil
    }

    public var stringValue: String? { if case let .string(s) = self { return s }; return nil }
    public var boolValue: Bool? { if case let .bool(b) = self { return b }; return nil }
    public var intValue: Int? {
        if case let .number(n) = self { return Int(n) ?? Double(n).flatMap { $0.rounded() == $0 ? Int($0) : nil } }
        return nil
    }
    public var doubleValue: Double? { if case let .number(n) = self { return Double(n) }; return nil }
    public var arrayValue: [JSONValue]? { if case let .array(a) = self { return a }; return nil }
    public var objectValue: [(String, JSONValue)]? { if case let .object(o) = self { return o }; return nil }
    public var isNull: Bool { if case .null = self { return true }; return false }

    /// The value as text for string comparisons: strings as themselves, everything else as compact JSON.
    public var text: String { stringValue ?? serialized() }

    /// A copy with `key` set (replaced in place when present, appended otherwise).
    public func setting(_ key: String, _ value: JSONValue?) -> JSONValue {
        guard case var .object(fields) = self else { return self }
        if let i = fields.firstIndex(where: { $0.0 == key }) {
            if let value { fields[i].1 = value } else { fields.remove(at: i) }
        } else if let value {
            fields.append((key, value))
        }
        return .object(fields)
    }

    // MARK: Writing

    public var description: String { serialized() }

    public func serialized(pretty: Bool = false) -> String {
        var w = JSONWriter(pretty: pretty, capacity: 256)
        write(into: &w)
        return w.string + (pretty ? "\n" : "")
    }

    /// Writes the value through the project's one JSON writer (escaping and layout live there).
    public func write(into w: inout JSONWriter) {
        switch self {
        case .null: w.literal("null")
        case let .bool(b): w.value(b)
        case let .number(n): w.literal(n)
        case let .string(s): w.value(s)
        case let .array(items):
            w.beginArray()
            for item in items { w.element(); item.write(into: &w) }
            w.endArray()
        case let .object(fields):
            w.beginObject()
            for (k, v) in fields { w.key(k); v.write(into: &w) }
            w.endObject()
        }
    }

    // MARK: Parsing

    /// A parse error with its 1-based line and column.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var line: Int
        public var column: Int
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    public static func parse(_ text: String) throws -> JSONValue { try parse(Array(text.utf8)) }
    public static func parse(_ data: Data) throws -> JSONValue { try parse([UInt8](data)) }

    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var p = Parser(bytes: bytes)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.i < bytes.count { throw p.error("unexpected text after the JSON value") }
        return v
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        func error(_ message: String) -> ParseError {
            var line = 1, col = 1
            for b in bytes[0..<min(i, bytes.count)] { if b == 10 { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 } }
            return ParseError(message: message, line: line, column: col)
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 32 || bytes[i] == 10 || bytes[i] == 13 || bytes[i] == 9 { i += 1 }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < 512 else { throw error("nested too deeply") }
            guard i < bytes.count else { throw error("unexpected end of input") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var fields: [(String, JSONValue)] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                    let k = try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(k)\"") }
                    i += 1
                    skipSpace()
                    fields.append((k, try value(depth: depth + 1)))
                    skipSpace()
                    guard i < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(fields) }
                    throw error("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [JSONValue] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    throw error("expected ',' or ']'")
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("unexpected character '\(String(decoding: [bytes[i]], as: UTF8.self))'")
            }
        }

        mutating func literal(_ word: String) throws {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw error("expected \(word)") }
            i += w.count
        }

        mutating func number() throws -> String {
            let start = i
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            func digits(_ p: inout Parser) -> Int {
                let s = p.i
                while p.i < p.bytes.count, p.bytes[p.i] >= 48, p.bytes[p.i] <= 57 { p.i += 1 }
                return p.i - s
            }
            guard digits(&self) > 0 else { throw error("expected digits") }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1; guard digits(&self) > 0 else { throw error("expected digits after '.'") } }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits(&self) > 0 else { throw error("expected exponent digits") }
            }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        mutating func string() throws -> String {
            i += 1  // opening quote
            var out: [UInt8] = []
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
                if b < 0x20 { throw error("control character in string") }
                if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
                i += 1
                switch JSONEscape.decode(bytes, at: &i, into: &out) {
                case nil: continue
                case .invalidEscape(let e)?: throw error("invalid escape '\\\(String(decoding: [e], as: UTF8.self))'")
                case .invalidUnicode?: throw error("invalid \\u escape")
                case .truncated?: break
                }
                break
            }
            throw error("unterminated string")
        }
    }
}
