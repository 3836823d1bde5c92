/// A streaming JSON writer for large reports: Foundation's JSONEncoder builds a tree and sorts keys at run time,
/// which dominated `carto arch --format json` on big codebases. Callers emit keys in sorted order themselves,
/// and a test compares the result with JSONEncoder's, so the two never drift apart.
public struct JSONWriter {
    public private(set) var output: [UInt8] = []
    private var indent = 0
    private var first: [Bool] = []
    private let pretty: Bool

    public init(pretty: Bool = true, capacity: Int = 1 << 16) {
        self.pretty = pretty
        output.reserveCapacity(capacity)
    }

    /// A writer for the elements of an array that another writer will splice in with `field(_:elements:)`;
    /// `depth` is the nesting depth of the array's key (1 for a top-level member). Lets big arrays render in parallel.
    public static func elements(depth: Int, pretty: Bool = true, capacity: Int = 1 << 16) -> JSONWriter {
        var w = JSONWriter(pretty: pretty, capacity: capacity)
        w.indent = depth + 1
        w.first = [true]
        return w
    }

    /// Splices in the elements written by a writer from `elements(depth:)`.
    public mutating func field(_ k: StaticString, elements fragment: JSONWriter) {
        key(k)
        output.append(91)
        if fragment.first.first == false {
            output.append(contentsOf: fragment.output)
            newline()
        }
        output.append(93)
    }

    public var string: String { String(decoding: output, as: UTF8.self) }

    /// Ends the document with a newline, as files and terminals expect.
    public mutating func newlineAtEnd() { output.append(10) }

    private mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    private mutating func newline() {
        guard pretty else { return }
        output.append(10)
        for _ in 0..<indent { output.append(32); output.append(32) }
    }

    /// Comma and newline before a value inside an array, or before a key inside an object.
    private mutating func separator() {
        guard !first.isEmpty else { return }
        if first[first.count - 1] { first[first.count - 1] = false } else { output.append(44) }
        newline()
    }

    public mutating func beginObject() { output.append(123); indent += 1; first.append(true) }
    public mutating func endObject() { close(125) }
    public mutating func beginArray() { output.append(91); indent += 1; first.append(true) }
    public mutating func endArray() { close(93) }

    private mutating func close(_ byte: UInt8) {
        indent -= 1
        let empty = first.removeLast()
        if !empty { newline() }
        output.append(byte)
    }

    /// Starts an object member; the value follows with one of the value methods.
    public mutating func key(_ k: StaticString) {
        separator()
        output.append(34)
        k.withUTF8Buffer { output.append(contentsOf: $0) }
        output.append(34)
        if pretty { raw(" : ") } else { output.append(58) }
    }

    /// Starts an object member whose key is known only at run time.
    public mutating func key(_ k: String) {
        separator()
        value(k)
        if pretty { raw(" : ") } else { output.append(58) }
    }

    /// Writes already-valid JSON text as a value (a number kept as it was read, say).
    public mutating func literal(_ json: String) { output.append(contentsOf: json.utf8) }

    /// Starts an array element (call before each value inside an array).
    public mutating func element() { separator() }

    public mutating func value(_ s: String) {
        output.append(34)
        // Most strings need no escaping: check the bytes in place and copy them in one go (a closure per character
        // through `String.UTF8View.contains(where:)` cost ~1% of `carto arch` on large codebases).
        let copied = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for b in bytes where b < 32 || b == 34 || b == 92 { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied ?? !s.utf8.contains(where: { $0 < 32 || $0 == 34 || $0 == 92 }) {
            if copied == nil { output.append(contentsOf: s.utf8) }
            output.append(34)
            return
        }
        for b in s.utf8 {
            switch b {
            case 34: raw("\\\"")
            case 92: raw("\\\\")
            case 10: raw("\\n")
            case 13: raw("\\r")
            case 9: raw("\\t")
            case 0..<32:
                raw("\\u00")
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                output.append(hex[Int(b >> 4)]); output.append(hex[Int(b & 15)])
            default: output.append(b)
            }
        }
        output.append(34)
    }

    public mutating func value(_ n: Int) {
        if n < 0 { output.append(45) }
        var m = n.magnitude
        if m < 10 { output.append(48 + UInt8(m)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while m > 0 { buffer[count] = 48 + UInt8(m % 10); m /= 10; count += 1 }
            for i in stride(from: count - 1, through: 0, by: -1) { output.append(buffer[i]) }
        }
    }
    public mutating func value(_ b: Bool) { if b { raw("true") } else { raw("false") } }
    public mutating func value(_ d: Double) {
        if d.rounded() == d, abs(d) < 1e15 { value(Int(d)) } else { output.append(contentsOf: "\(d)".utf8) }
    }

    // Convenience: key and value together.
    public mutating func field(_ k: StaticString, _ v: String) { key(k); value(v) }
    public mutating func field(_ k: StaticString, _ v: Int) { key(k); value(v) }
    public mutating func field(_ k: StaticString, _ v: Bool) { key(k); value(v) }
    public mutating func field(_ k: StaticString, _ v: Double) { key(k); value(v) }

    public mutating func field(_ k: StaticString, strings: [String]) {
        key(k); beginArray()
        for s in strings { element(); value(s) }
        endArray()
    }

    /// An array of objects written by `body`.
    public mutating func field<T>(_ k: StaticString, array: [T], _ body: (inout JSONWriter, T) -> Void) {
        key(k); beginArray()
        for item in array { element(); beginObject(); body(&self, item); endObject() }
        endArray()
    }

    public mutating func field(_ k: StaticString, object body: (inout JSONWriter) -> Void) {
        key(k); beginObject(); body(&self); endObject()
    }
}
