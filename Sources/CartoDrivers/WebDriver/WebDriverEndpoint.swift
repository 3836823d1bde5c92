import CartoCore
import Foundation

/// Where a WebDriver server is and how to reach it, from `--webdriver URL` (and `--cacert FILE`): a chromedriver on
/// this machine, Appium on another Mac, a device cloud or a Selenium Grid hub. Host names, IPv6 literals
/// (`http://[::1]:4723`), `https`, a path prefix (`/wd/hub`) and credentials in the URL (`https://user:pass@grid:443`,
/// sent as HTTP basic authentication) are all taken; the credentials never appear in `url`, logs or saved settings.
public struct WebDriverEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// The server's URL without credentials, without a trailing slash.
    public var url: URL
    /// `user:password` from the URL, percent-decoded.
    public var credentials: Credentials?
    /// A PEM file of certificates to trust besides the system's (a self-signed proxy, a company CA).
    public var caCertificatePath: String?

    public struct Credentials: Sendable, Equatable {
        public var user: String
        public var password: String
        public init(user: String, password: String) { self.user = user; self.password = password }
        /// The `Authorization` header's value.
        public var basicAuthorization: String { "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }
    }

    public init(url: URL, credentials: Credentials? = nil, caCertificatePath: String? = nil) {
        self.url = url; self.credentials = credentials; self.caCertificatePath = caCertificatePath
    }

    /// Parses `--webdriver`. Throws a `CartoError` (exit 2) naming the value and what to pass instead.
    public init(parsing text: String, caCertificatePath: String? = nil) throws {
        let hint = "pass http(s)://HOST:PORT[/PATH], e.g. http://127.0.0.1:4723 or https://user:password@grid.example.com/wd/hub"
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw CartoError("--webdriver \(text): not a URL; \(hint)")
        }
        guard scheme == "http" || scheme == "https" else {
            throw CartoError("--webdriver \(text): the scheme must be http or https, not \(scheme); \(hint)")
        }
        guard components.host?.isEmpty == false else { throw CartoError("--webdriver \(text): no host; \(hint)") }
        if let user = components.user {
            credentials = Credentials(user: user.removingPercentEncoding ?? user,
                                      password: (components.password ?? "").removingPercentEncoding ?? components.password ?? "")
        } else {
            credentials = nil
        }
        components.user = nil
        components.password = nil
        components.scheme = scheme
        components.query = nil
        components.fragment = nil
        while components.path.hasSuffix("/") { components.path.removeLast() }
        guard let clean = components.url else { throw CartoError("--webdriver \(text): not a URL; \(hint)") }
        url = clean
        if let path = caCertificatePath {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw CartoError("--cacert \(path): no such readable file; pass a PEM file with the certificate(s) to trust")
            }
            guard scheme == "https" else {
                throw CartoError("--cacert \(path): only used for https; --webdriver \(clean.absoluteString) is plain http")
            }
        }
        self.caCertificatePath = caCertificatePath
    }

    /// The host as written in the URL, without IPv6 brackets.
    public var host: String {
        let h = url.host ?? ""
        return h.hasPrefix("[") && h.hasSuffix("]") ? String(h.dropFirst().dropLast()) : h
    }
    public var port: Int { url.port ?? (url.scheme == "https" ? 443 : 80) }
    public var isHTTPS: Bool { url.scheme == "https" }
    /// Whether the server runs on this machine (then the browser's DevTools port is reachable too).
    public var isLoopback: Bool { ["127.0.0.1", "localhost", "::1"].contains(host.lowercased()) }

    /// `host:port` as a user wrote it, for messages.
    public var authority: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    public var description: String { url.absoluteString }
}
