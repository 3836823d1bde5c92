/// One JSON string escape sequence (`\n`, `\"`, `\u00e9`, surrogate pairs), shared by the JSONValue parser and
/// the interaction-log line parser so both read strings the same way.
public enum JSONEscape {
    public enum Failure: Error, Equatable {
        /// The character after the backslash is not an escape; the index is left on it.
        case invalidEscape(UInt8)
        /// `\u` not followed by four hex digits; the index is left on the first of them.
        case invalidUnicode
        /// The input ends right after the backslash.
        case truncated
    }

    /// Decodes the escape whose backslash was just consumed (`i` is on the character after it), appends its UTF-8
    /// to `out` and moves `i` past it. A high surrogate without its low half becomes U+FFFD.
    public static func decode<C: RandomAccessCollection>(_ bytes: C, at i: inout Int, into out: inout [UInt8]) -> Failure?
    where C.Element == UInt8, C.Index == Int {
        guard i < bytes.endIndex else { return .truncated }
        let e = bytes[i]
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            i += 1
            guard var code = hex4(bytes, &i) else { return .invalidUnicode }
            if (0xD800..<0xDC00).contains(code), i + 1 < bytes.endIndex, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                var j = i + 2
                guard let low = hex4(bytes, &j) else { i += 2; return .invalidUnicode }
                if (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    i = j
                }
            }
            out.append(contentsOf: String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
            return nil
        default: return .invalidEscape(e)
        }
        i += 1
        return nil
    }

    private static func hex4<C: RandomAccessCollection>(_ bytes: C, _ i: inout Int) -> UInt32? where C.Element == UInt8, C.Index == Int {
        guard i + 4 <= bytes.endIndex else { return nil }
        var v: UInt32 = 0
        for k in i..<(i + 4) {
            let c = bytes[k]
            switch c {
            case 48...57: v = v * 16 + UInt32(c - 48)
            case 65...70: v = v * 16 + UInt32(c - 55)
            case 97...102: v = v * 16 + UInt32(c - 87)
            default: return nil
            }
        }
        i += 4
        return v
    }
}
