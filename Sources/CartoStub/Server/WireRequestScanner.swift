/// A strict reader of plain HTTP/1.1 request heads, straight from the bytes a connection received, for the wire
/// fast path (`StubWirePath`).
///
/// Why our own reader next to NIO's (llhttp) decoder: on the simplest stub requests carto spends about a tenth of
/// its CPU in llhttp, the HTTP/1 → HTTPTypes conversion and the handler hops between them, and the figure of issue
/// 15 (2× WireMock's requests per second on one inline mapping) was missed by that much (Benchmarks/README.md).
/// It is deliberately narrow: it accepts only a head it is sure of — a method from a short list, an origin-form
/// target of visible ASCII, `HTTP/1.1`, token header names, header values of visible ASCII, spaces and tabs, a
/// single decimal Content-Length — and *declines* everything else (chunked or `Expect` bodies, `Upgrade`, HTTP/1.0,
/// absolute or non-ASCII targets, non-ASCII or control bytes in a value, folded lines, bare LFs, unknown methods,
/// heads over 16 KiB or 100 fields). A declined request and every byte after it on that connection go to NIO's
/// decoder as before, so nothing this reader refuses is answered differently from before; it only never answers
/// what it does not understand.
enum WireRequestScanner {
    struct Head {
        var method: String
        /// The request target as sent (origin form: path and query).
        var target: String
        /// The fields as a request's header list: the first `Host` first (as the HTTPTypes path gives them),
        /// the others in the order sent; values without surrounding spaces.
        var headers: [(String, String)]
        var contentLength: Int
        /// The client asked to close after the answer (`Connection: close`).
        var closeAfter: Bool
        /// Bytes up to and including the blank line; the body follows.
        var headLength: Int
    }

    enum Result {
        case complete(Head)
        /// So far a valid head, but it has not all arrived.
        case incomplete
        /// Not a head this reader answers for: NIO's decoder takes it.
        case declined
    }

    static let maxHeadBytes = 16 << 10
    static let maxFields = 100
    private static let methods = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]

    // Bytes named for readability.
    private static let cr: UInt8 = 13, lf: UInt8 = 10, space: UInt8 = 32, tab: UInt8 = 9, colon: UInt8 = 58, slash: UInt8 = 47

    /// Reads one head from the start of `bytes`. A Content-Length above `maxBody` is declined (the responder answers
    /// 413 for it).
    static func scan(_ bytes: UnsafeRawBufferPointer, maxBody: Int) -> Result {
        let n = bytes.count
        // Running out of bytes: wait for more unless the head is already too long to be one of ours.
        var incomplete: Result { n >= maxHeadBytes ? .declined : .incomplete }
        func text(_ from: Int, _ to: Int) -> String { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self) }

        // Request line: METHOD SP target SP HTTP/1.1 CRLF
        var i = 0
        while i < n, bytes[i] != space {
            guard i < 8, isTokenByte(bytes[i]) else { return .declined }
            i += 1
        }
        guard i < n else { return incomplete }
        let methodEnd = i
        guard let method = methods.first(where: { $0.utf8.elementsEqual(UnsafeRawBufferPointer(rebasing: bytes[0..<methodEnd])) }) else {
            return .declined
        }
        i += 1
        let targetStart = i
        guard i < n else { return incomplete }
        guard bytes[i] == slash else { return .declined }  // origin form only
        while i < n, bytes[i] != space {
            guard bytes[i] > 0x20, bytes[i] < 0x7F else { return .declined }
            i += 1
        }
        guard i < n else { return incomplete }
        let target = text(targetStart, i)
        i += 1
        for expected in "HTTP/1.1\r\n".utf8 {
            guard i < n else { return incomplete }
            guard bytes[i] == expected else { return .declined }
            i += 1
        }

        // Fields, each `name: value CRLF`, up to an empty line.
        var fields: [(String, String)] = []
        var host: (String, String)?
        var contentLength: Int?
        var closeAfter = false
        while true {
            guard i < n else { return incomplete }
            if bytes[i] == cr {
                guard i + 1 < n else { return incomplete }
                guard bytes[i + 1] == lf else { return .declined }
                i += 2
                break
            }
            guard fields.count < maxFields, i < maxHeadBytes else { return .declined }
            let nameStart = i
            while i < n, bytes[i] != colon {
                guard isTokenByte(bytes[i]) else { return .declined }  // also a folded line or a space before the colon
                i += 1
            }
            guard i < n else { return incomplete }
            guard i > nameStart else { return .declined }
            let nameEnd = i
            i += 1
            while i < n, bytes[i] == space || bytes[i] == tab { i += 1 }
            let valueStart = i
            while i < n, bytes[i] != cr {
                let b = bytes[i]
                guard b == tab || (b >= 0x20 && b < 0x7F) else { return .declined }  // controls, bare LF, non-ASCII
                i += 1
            }
            guard i + 1 < n else { return incomplete }
            guard bytes[i + 1] == lf else { return .declined }
            var valueEnd = i
            while valueEnd > valueStart, bytes[valueEnd - 1] == space || bytes[valueEnd - 1] == tab { valueEnd -= 1 }
            i += 2

            let name = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<nameEnd])
            let value = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd])
            if equalsLowercased(name, "host"), host == nil {
                host = ("Host", text(valueStart, valueEnd))
                continue
            }
            if equalsLowercased(name, "content-length") {
                guard contentLength == nil, (1...9).contains(value.count), value.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return .declined }
                contentLength = value.reduce(0) { $0 * 10 + Int($1 - 48) }
            } else if equalsLowercased(name, "transfer-encoding") || equalsLowercased(name, "expect") || equalsLowercased(name, "upgrade") {
                return .declined
            } else if equalsLowercased(name, "connection") {
                closeAfter = closeAfter || value.split(separator: UInt8(ascii: ",")).contains { token in
                    equalsLowercased(UnsafeRawBufferPointer(rebasing: token).trimmingSpaces, "close")
                }
            }
            fields.append((text(nameStart, nameEnd), text(valueStart, valueEnd)))
        }
        if let length = contentLength, length > maxBody { return .declined }
        if let host { fields.insert(host, at: 0) }
        return .complete(Head(method: method, target: target, headers: fields, contentLength: contentLength ?? 0,
                              closeAfter: closeAfter, headLength: i))
    }

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// ASCII case-insensitive comparison with a lowercase literal.
    private static func equalsLowercased(_ bytes: UnsafeRawBufferPointer, _ lower: StaticString) -> Bool {
        guard bytes.count == lower.utf8CodeUnitCount else { return false }
        let l = UnsafeRawBufferPointer(start: lower.utf8Start, count: lower.utf8CodeUnitCount)
        for k in 0..<bytes.count {
            let b = bytes[k]
            if (b >= 65 && b <= 90 ? b + 32 : b) != l[k] { return false }
        }
        return true
    }
}

private extension UnsafeRawBufferPointer {
    var trimmingSpaces: UnsafeRawBufferPointer {
        var from = startIndex, to = endIndex
        while from < to, self[from] == 32 || self[from] == 9 { from += 1 }
        while to > from, self[to - 1] == 32 || self[to - 1] == 9 { to -= 1 }
        return UnsafeRawBufferPointer(rebasing: self[from..<to])
    }
}
