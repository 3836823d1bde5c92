import Foundation

/// An HTTP request as matching sees it, independent of the server library.
public struct StubRequest: Sendable {
    public var method: String
    /// Path and query exactly as sent (`/users?page=2`).
    public var url: String
    public var headers: [(String, String)]
    public var body: [UInt8]
    public var clientAddress: String?

    public init(method: String, url: String, headers: [(String, String)] = [], body: [UInt8] = [], clientAddress: String? = nil) {
        self.method = method.uppercased()
        self.url = url.isEmpty ? "/" : url
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
    }

    /// The path without the query.
    public var path: String {
        if let q = url.firstIndex(of: "?") { return String(url[..<q]) }
        return url
    }

    /// Query parameters, percent-decoded (`+` is a space, as in forms), in order, repeats kept.
    public var query: [(String, String)] {
        guard let q = url.firstIndex(of: "?") else { return [] }
        return url[url.index(after: q)...].split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String {
                let plus = s.replacingOccurrences(of: "+", with: " ")
                return plus.removingPercentEncoding ?? plus
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
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

    /// The body as text when it is UTF-8 (nil for binary bodies).
    public var bodyText: String? { body.isEmpty ? "" : String(validating: body, as: UTF8.self) }
}
