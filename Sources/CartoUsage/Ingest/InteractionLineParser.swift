import CartoCore
import CartoProbe
import Foundation

/// A parser for one `carto.interaction/1` line, specialised for the flat schema: one pass over the bytes, no
/// intermediate tree, numbers without String round trips. Foundation's JSONDecoder spent most of a million-event
/// ingest in generic-metadata lookups. Unknown fields are skipped (forward compatible).
struct InteractionLineParser {
    enum Failure: Error, Equatable {
        case syntax
        case missing(String)
        case wrongType(String)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i: Int

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes; i = 0 }

    static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> InteractionEvent {
        var p = InteractionLineParser(line)
        return try p.event()
    }

    // MARK: the event

    private mutating func event() throws(Failure) -> InteractionEvent {
        var e = InteractionEvent(name: "", session: "", seq: -1, ts: .nan)
        var seen: (v: Bool, ts: Bool, session: Bool, seq: Bool, name: Bool) = (false, false, false, false, false)
        skipSpace()
        guard peek() == UInt8(ascii: "{") else { throw .syntax }
        try members { p, key throws(Failure) in
            switch key {
            case "v": e.v = try p.int(key); seen.v = true
            case "ts": e.ts = try p.number(key); seen.ts = true
            case "session": e.session = try p.string(key); seen.session = true
            case "seq": e.seq = try p.int(key); seen.seq = true
            case "name": e.name = try p.string(key); seen.name = true
            case "screen": e.screen = try p.optionalString(key)
            case "container": e.container = try p.optionalString(key)
            case "user": e.user = try p.optionalString(key)
            case "app": e.app = try p.optionalString(key)
            case "appVersion": e.appVersion = try p.optionalString(key)
            case "device": e.device = try p.optionalString(key)
            case "os": e.os = try p.optionalString(key)
            case "osVersion": e.osVersion = try p.optionalString(key)
            case "platform": e.platform = try p.optionalString(key)
            case "screenWidth": e.screenWidth = try p.optionalNumber(key)
            case "screenHeight": e.screenHeight = try p.optionalNumber(key)
            case "consent": e.consent = try p.optionalBool(key)
            case "reason": e.reason = try p.optionalString(key)
            case "x": e.x = try p.optionalNumber(key)
            case "y": e.y = try p.optionalNumber(key)
            case "phase": e.phase = try p.optionalString(key)
            case "pointer": e.pointer = try p.optionalNumber(key).map { Int($0) }
            case "gesture": e.gesture = try p.optionalString(key)
            case "recognised": e.recognised = try p.optionalBool(key)
            case "direction": e.direction = try p.optionalString(key)
            case "path": e.path = try p.path(key)
            case "scale": e.scale = try p.optionalNumber(key)
            case "durationMs": e.durationMs = try p.optionalNumber(key)
            case "target": e.target = try p.target(key)
            case "control": e.control = try p.optionalString(key)
            case "value": e.value = try p.optionalString(key)
            case "length": e.length = try p.optionalNumber(key).map { Int($0) }
            case "text": e.text = try p.optionalString(key)
            case "secure": e.secure = try p.optionalBool(key)
            case "dx": e.dx = try p.optionalNumber(key)
            case "dy": e.dy = try p.optionalNumber(key)
            case "lat": e.lat = try p.optionalNumber(key)
            case "lon": e.lon = try p.optionalNumber(key)
            case "alt": e.alt = try p.optionalNumber(key)
            case "accuracy": e.accuracy = try p.optionalNumber(key)
            case "connected": e.connected = try p.optionalBool(key)
            case "network": e.network = try p.optionalString(key)
            case "state": e.state = try p.optionalString(key)
            case "file": e.file = try p.optionalString(key)
            default: try p.skipValue()
            }
        }
        skipSpace()
        guard i == bytes.count else { throw .syntax }
        for (present, key) in [(seen.v, "v"), (seen.ts, "ts"), (seen.session, "session"), (seen.seq, "seq"), (seen.name, "name")] where !present {
            throw .missing(key)
        }
        return e
    }

    private mutating func target(_ key: String) throws(Failure) -> InteractionTarget? {
        if tryNull() { return nil }
        guard peek() == UInt8(ascii: "{") else { throw .wrongType(key) }
        var t = InteractionTarget()
        try members { p, field throws(Failure) in
            switch field {
            case "id": t.id = try p.optionalString(key + ".id")
            case "label": t.label = try p.optionalString(key + ".label")
            case "type": t.type = try p.optionalString(key + ".type")
            default: try p.skipValue()
            }
        }
        return t
    }

    /// Walks the members of the object that starts at `i` (on its `{`), calling `member` with the parser on each
    /// value, and leaves `i` after the closing `}`.
    private mutating func members(_ member: (inout InteractionLineParser, String) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "{"))
        skipSpace()
        if peek() == UInt8(ascii: "}") { i += 1; return }
        while true {
            skipSpace()
            let key = try string()
            skipSpace(); try expect(UInt8(ascii: ":")); skipSpace()
            try member(&self, key)
            skipSpace()
            guard let c = peek() else { throw .syntax }
            i += 1
            if c == UInt8(ascii: "}") { return }
            guard c == UInt8(ascii: ",") else { throw .syntax }
        }
    }

    private mutating func path(_ key: String) throws(Failure) -> [[Double]]? {
        if tryNull() { return nil }
        guard peek() == UInt8(ascii: "[") else { throw .wrongType(key) }
        i += 1
        var out: [[Double]] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") { i += 1; return out }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "[") else { throw .wrongType(key) }
            i += 1
            var point: [Double] = []
            skipSpace()
            if peek() == UInt8(ascii: "]") { i += 1 } else {
                while true {
                    skipSpace()
                    point.append(try number(key))
                    skipSpace()
                    guard let c = peek() else { throw .syntax }
                    i += 1
                    if c == UInt8(ascii: "]") { break }
                    guard c == UInt8(ascii: ",") else { throw .syntax }
                }
            }
            out.append(point)
            skipSpace()
            guard let c = peek() else { throw .syntax }
            i += 1
            if c == UInt8(ascii: "]") { return out }
            guard c == UInt8(ascii: ",") else { throw .syntax }
        }
    }

    // MARK: values

    @inline(__always) private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    @inline(__always) private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
    }

    private mutating func expect(_ c: UInt8) throws(Failure) {
        guard peek() == c else { throw .syntax }
        i += 1
    }

    private mutating func tryNull() -> Bool {
        guard i + 4 <= bytes.count, bytes[i] == UInt8(ascii: "n"), bytes[i + 1] == UInt8(ascii: "u"), bytes[i + 2] == UInt8(ascii: "l"), bytes[i + 3] == UInt8(ascii: "l") else { return false }
        i += 4
        return true
    }

    private mutating func optionalString(_ key: String) throws(Failure) -> String? { tryNull() ? nil : try string(key) }
    private mutating func optionalNumber(_ key: String) throws(Failure) -> Double? { tryNull() ? nil : try number(key) }
    private mutating func optionalBool(_ key: String) throws(Failure) -> Bool? {
        if tryNull() { return nil }
        if matchWord("true") { return true }
        if matchWord("false") { return false }
        if let c = peek(), c == UInt8(ascii: "\"") || c == UInt8(ascii: "-") || (c >= 48 && c <= 57) || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { throw .wrongType(key) }
        throw .syntax
    }

    private mutating func matchWord(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }

    private mutating func int(_ key: String) throws(Failure) -> Int {
        let d = try number(key)
        guard d.rounded() == d, abs(d) < 9e15 else { throw .wrongType(key) }
        return Int(d)
    }

    /// A string value; other value kinds are a type error for `key`.
    private mutating func string(_ key: String) throws(Failure) -> String {
        guard peek() == UInt8(ascii: "\"") else {
            if peek() == nil { throw .syntax }
            throw .wrongType(key)
        }
        return try string()
    }

    private mutating func string() throws(Failure) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw .syntax }
        i += 1
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") { i += 1 }
        guard i < bytes.count else { throw .syntax }
        if bytes[i] == UInt8(ascii: "\"") {
            let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            i += 1
            return s
        }
        // Escapes: decode the rest into a scratch buffer.
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            i += 1
            if JSONEscape.decode(bytes, at: &i, into: &out) != nil { throw .syntax }
        }
        throw .syntax
    }

    private static let powers: [Double] = (0...22).map { pow(10, Double($0)) }

    /// A JSON number. Exact for up to 15 significant digits and 22 decimal places (the fast path every value of
    /// this schema takes); anything longer goes through the standard library's parser.
    private mutating func number(_ key: String) throws(Failure) -> Double {
        let start = i
        guard let first = peek() else { throw .syntax }
        guard first == UInt8(ascii: "-") || (first >= 48 && first <= 57) else {
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "t") || first == UInt8(ascii: "f") || first == UInt8(ascii: "n")
                || first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
                throw .wrongType(key)
            }
            throw .syntax
        }
        var negative = false
        if first == UInt8(ascii: "-") { negative = true; i += 1 }
        var mantissa: UInt64 = 0, digits = 0, scale = 0
        var sawDigit = false
        while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
            if digits < 18 { mantissa = mantissa * 10 + UInt64(bytes[i] - 48); if mantissa > 0 { digits += 1 } } else { scale -= 1 }
            sawDigit = true; i += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                if digits < 18 { mantissa = mantissa * 10 + UInt64(bytes[i] - 48); if mantissa > 0 { digits += 1 }; scale += 1 }
                sawDigit = true; i += 1
            }
        }
        guard sawDigit else { throw .syntax }
        var exponent = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { expNegative = bytes[i] == UInt8(ascii: "-"); i += 1 }
            var sawExp = false
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { exponent = min(exponent * 10 + Int(bytes[i] - 48), 10_000); sawExp = true; i += 1 }
            guard sawExp else { throw .syntax }
            if expNegative { exponent = -exponent }
        }
        let power = exponent - scale
        if digits <= 15, mantissa < (1 << 53), abs(power) <= 22 {
            let m = Double(mantissa)
            let value = power >= 0 ? m * Self.powers[power] : m / Self.powers[-power]
            return negative ? -value : value
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) else { throw .syntax }
        return value
    }

    /// Skips any JSON value (unknown fields).
    private mutating func skipValue() throws(Failure) {
        guard let c = peek() else { throw .syntax }
        switch c {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"):
            try members { p, _ throws(Failure) in try p.skipValue() }
        case UInt8(ascii: "["):
            i += 1
            skipSpace()
            if peek() == UInt8(ascii: "]") { i += 1; return }
            while true {
                skipSpace()
                try skipValue()
                skipSpace()
                guard let n = peek() else { throw .syntax }
                i += 1
                if n == UInt8(ascii: "]") { return }
                guard n == UInt8(ascii: ",") else { throw .syntax }
            }
        case UInt8(ascii: "t"): guard matchWord("true") else { throw .syntax }
        case UInt8(ascii: "f"): guard matchWord("false") else { throw .syntax }
        case UInt8(ascii: "n"): guard tryNull() else { throw .syntax }
        default: _ = try number("")
        }
    }
}
