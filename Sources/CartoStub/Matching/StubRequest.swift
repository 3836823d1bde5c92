import CartoCore
import Foundation
import HTTPTypes

/// An HTTP request as matching sees it, independent of the server library.
public struct StubRequest: Sendable {
    public var method: String
    /// Path and query exactly as sent (`/users?page=2`).
    public let url: String
    /// The path without the query (worked out once: every mapping looks at it).
    public let path: String
    public var headers: [(String, String)]
    public var body: [UInt8]
    public var clientAddress: String?

    public init(method: String, url: String, headers: [(String, String)] = [], body: [UInt8] = [], clientAddress: String? = nil) {
        self.method = method.uppercased()
        let url = url.isEmpty ? "/" : url
        self.url = url
        path = url.firstIndex(of: "?").map { String(url[..<$0]) } ?? url
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
    }

    /// A request head's header fields as sent: HTTPTypes keeps `Host` apart as the authority, so it is put back first.
    static func headers(_ head: HTTPRequest) -> [(String, String)] {
        var out: [(String, String)] = []
        out.reserveCapacity(head.headerFields.count + 1)
        if let authority = head.authority { out.append(("Host", authority)) }
        for f in head.headerFields { out.append((f.name.rawName, f.value)) }
        return out
    }


    /// Query parameters, percent-decoded (`+` is a space, as in forms), in order, repeats kept.
    public var query: [(String, String)] {
        guard let q = url.firstIndex(of: "?") else { return [] }
        return Self.decodePairs(url[url.index(after: q)...])
    }

    public func queryValues(_ name: String) -> [String] { query.filter { $0.0 == name }.map(\.1) }

    /// Header values for a name, case-insensitively.
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.0.caseInsensitiveCompare(name) == .orderedSame }.map(\.1)
    }

    public var cookies: [(String, String)] {
        headerValues("Cookie").flatMap { line in
            line.split(separator: ";").compactMap { part -> (String, String)? in
                let kv = part.split(separator: "=", maxSplits: 1)
                guard let k = kv.first?.trimmingCharacters(in: .whitespaces), !k.isEmpty else { return nil }
                return (k, kv.count > 1 ? kv[1].trimmingCharacters(in: .whitespaces) : "")
            }
        }
    }

    /// The stub server speaks plain HTTP.
    public var scheme: String { "http" }

    /// The host the client addressed: the Host header without its port (nil without one).
    public var host: String? { hostAndPort.host }

    /// The port the client addressed (the Host header's, else the scheme's default).
    public var port: Int? { hostAndPort.host == nil ? nil : hostAndPort.port ?? 80 }

    private var hostAndPort: (host: String?, port: Int?) {
        guard let value = headerValues("Host").first?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return (nil, nil) }
        if value.hasPrefix("["), let close = value.firstIndex(of: "]") {  // [::1]:8080
            let host = String(value[value.index(after: value.startIndex)..<close])
            let rest = value[value.index(after: close)...]
            return (host, rest.hasPrefix(":") ? Int(rest.dropFirst()) : nil)
        }
        if let colon = value.lastIndex(of: ":"), let p = Int(value[value.index(after: colon)...]) { return (String(value[..<colon]), p) }
        return (value, nil)
    }

    /// Fields of an `application/x-www-form-urlencoded` body, decoded, in order (empty for other bodies).
    public var formFields: [(String, String)] {
        guard headerValues("Content-Type").first?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true,
              let text = bodyText else { return [] }
        return Self.decodePairs(Substring(text))
    }

    /// The parts of a `multipart/…` body, nil when the body is not multipart.
    public var multipartParts: [MultipartPart]? {
        guard let type = headerValues("Content-Type").first, type.lowercased().hasPrefix("multipart/") else { return nil }
        return MultipartPart.parse(body, contentType: type)
    }

    static func decodePairs(_ text: Substring) -> [(String, String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String {
                let plus = s.replacingOccurrences(of: "+", with: " ")
                return plus.removingPercentEncoding ?? plus
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// The body as text when it is UTF-8 (nil for binary bodies).
    public var bodyText: String? { body.isEmpty ? "" : String(validating: body, as: UTF8.self) }
}

/// Name–value pairs grouped by name, in first-seen order, repeats kept (query parameters, headers, form fields,
/// cookies); header names compare case-insensitively.
func groupedByName(_ pairs: [(String, String)], caseInsensitive: Bool = false) -> [(String, [String])] {
    var out: [(String, [String])] = []
    for (k, v) in pairs {
        let i = caseInsensitive ? out.firstIndex { $0.0.caseInsensitiveCompare(k) == .orderedSame } : out.firstIndex { $0.0 == k }
        if let i { out[i].1.append(v) } else { out.append((k, [v])) }
    }
    return out
}

/// Pairs grouped by name as WireMock writes them in JSON: one value as a string, several as a list.
func groupedJSON(_ pairs: [(String, String)], caseInsensitive: Bool = false) -> [(String, JSONValue)] {
    groupedByName(pairs, caseInsensitive: caseInsensitive).map { ($0.0, $0.1.count == 1 ? .string($0.1[0]) : .array($0.1.map(JSONValue.string))) }
}
