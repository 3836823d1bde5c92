import Foundation

/// One part of a `multipart/form-data` (or other `multipart/…`) request body: its headers and its bytes.
public struct MultipartPart: Sendable {
    public var headers: [(String, String)]
    public var body: [UInt8]

    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.0.caseInsensitiveCompare(name) == .orderedSame }.map(\.1)
    }

    public var bodyText: String? { body.isEmpty ? "" : String(validating: body, as: UTF8.self) }

    /// Splits a body on the boundary its Content-Type names (RFC 2046); nil without a boundary.
    static func parse(_ body: [UInt8], contentType: String) -> [MultipartPart]? {
        guard let boundary = contentType.split(separator: ";").dropFirst().lazy
            .map({ $0.trimmingCharacters(in: .whitespaces) })
            .first(where: { $0.lowercased().hasPrefix("boundary=") })
            .map({ String($0.dropFirst("boundary=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }),
            !boundary.isEmpty else { return nil }
        let delimiter = Array(("--" + boundary).utf8)
        var parts: [MultipartPart] = []
        var starts: [Int] = []  // index just after each delimiter
        var i = 0
        while let at = find(delimiter, in: body, from: i) {
            starts.append(at + delimiter.count)
            i = at + delimiter.count
        }
        for (k, start) in starts.enumerated() where k + 1 < starts.count {
            // A part runs from after the delimiter's line break to the CRLF before the next delimiter.
            var from = start
            if body[from...].starts(with: [13, 10]) { from += 2 } else if body[from...].starts(with: [10]) { from += 1 }
            var to = starts[k + 1] - delimiter.count
            if to >= 2, body[to - 2] == 13, body[to - 1] == 10 { to -= 2 } else if to >= 1, body[to - 1] == 10 { to -= 1 }
            guard from <= to else { continue }
            let chunk = Array(body[from..<to])
            let split = find([13, 10, 13, 10], in: chunk, from: 0).map { ($0, 4) } ?? find([10, 10], in: chunk, from: 0).map { ($0, 2) }
            let headText = split.map { String(decoding: chunk[..<$0.0], as: UTF8.self) } ?? ""
            let content = split.map { Array(chunk[($0.0 + $0.1)...]) } ?? chunk
            let headers: [(String, String)] = headText.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }).compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon].trimmingCharacters(in: .whitespaces), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            parts.append(MultipartPart(headers: headers, body: content))
        }
        return parts
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var i = from
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
