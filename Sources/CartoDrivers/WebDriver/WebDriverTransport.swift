import AsyncHTTPClient
import CartoCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Why a WebDriver server could not be talked to, each with the one line a user acts on.
public enum WebDriverTransportFailure: Error, Sendable, Equatable {
    /// Nothing listens at host:port (the server is not running, or another port).
    case refused
    /// The host name does not resolve.
    case unresolvable
    /// The TLS handshake failed: an untrusted or mismatching certificate, or not TLS at all.
    case tls(String)
    /// HTTP 401/407: the server (or the proxy in front of it) wants other credentials.
    case authentication(status: Int)
    /// No answer within the request's time limit.
    case timeout(seconds: Int)
    /// The connection broke off before an answer (the server exited mid-request).
    case closed
    /// Anything else the network stack reported.
    case other(String)

    /// Whether fixing the command line (not restarting a server) is what helps: these end a run with exit 2.
    public var isConfigurationError: Bool {
        switch self {
        case .unresolvable, .tls, .authentication: return true
        default: return false
        }
    }

    func message(_ endpoint: WebDriverEndpoint) -> String {
        let at = endpoint.authority
        switch self {
        case .refused: return "connection to \(at) refused: is the WebDriver server running there? Start it or correct --webdriver"
        case .unresolvable: return "cannot resolve the host name \(endpoint.host): correct --webdriver or the name's DNS entry"
        case .tls(let detail):
            return "TLS with \(at) failed (\(detail)): if it uses a self-signed or company certificate, pass --cacert FILE with that certificate in PEM"
        case .authentication(let status):
            return endpoint.credentials == nil
                ? "\(at) asks for credentials (HTTP \(status)): put them in the URL, e.g. https://USER:PASSWORD@\(at)"
                : "\(at) refused the credentials for \(endpoint.credentials!.user) (HTTP \(status)): correct USER:PASSWORD in --webdriver"
        case .timeout(let seconds): return "\(at) did not answer within \(seconds) s"
        case .closed: return "\(at) closed the connection before answering (did the server exit?)"
        case .other(let detail): return "\(at): \(detail)"
        }
    }
}

/// HTTP for the WebDriver client over AsyncHTTPClient: host names, IPv6, https with the system trust store plus
/// `--cacert`, basic authentication, kept-alive connections. Blocking on purpose: a crawl issues one command per
/// session at a time and waits for its answer (several sessions use several threads).
/// (The drivers spoke HTTP over their own loopback sockets because Foundation's URLSession fails against
/// chromedriver on Linux; AsyncHTTPClient does not, and brings what remote servers need.)
enum WebDriverTransport {
    struct Response {
        var status: Int
        var body: Data
    }

    /// One client for the process: connections are pooled per host, so a session reuses its connection.
    /// A failed connection attempt is reported at once instead of retried until the deadline (a refused port).
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(15)
        configuration.redirectConfiguration = .disallow
        configuration.decompression = .disabled
        return HTTPClient(eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
    }()

    /// TLS settings per CA file, made once (reading and parsing the PEM file per request would cost ~0.1 ms).
    nonisolated(unsafe) private static var tlsCache: [String: TLSConfiguration] = [:]
    private static let tlsLock = NSLock()

    static func tlsConfiguration(for endpoint: WebDriverEndpoint) -> TLSConfiguration? {
        guard endpoint.isHTTPS, let path = endpoint.caCertificatePath else { return nil }
        tlsLock.lock()
        defer { tlsLock.unlock() }
        if let known = tlsCache[path] { return known }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.file(path)]
        tlsCache[path] = tls
        return tls
    }

    static func send(_ endpoint: WebDriverEndpoint, method: String, path: String, body: Data?, timeout: TimeInterval) throws(WebDriverTransportFailure) -> Response {
        // Element ids and locators may hold spaces or slashes: the path is percent-encoded segment by segment.
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? String($0) }
            .joined(separator: "/")
        let url = endpoint.url.absoluteString + (encoded.hasPrefix("/") ? "" : "/") + encoded
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "application/json")
        if let credentials = endpoint.credentials { headers.add(name: "Authorization", value: credentials.basicAuthorization) }
        let payload = body ?? (method == "POST" ? Data("{}".utf8) : nil)
        if payload != nil { headers.add(name: "Content-Type", value: "application/json; charset=utf-8") }
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: url, method: HTTPMethod(rawValue: method), headers: headers,
                                             body: payload.map { .data($0) }, tlsConfiguration: tlsConfiguration(for: endpoint))
        } catch {
            throw .other("bad request URL \(url): \(error)")
        }
        let response: HTTPClient.Response
        do {
            response = try client.execute(request: request, deadline: .now() + .milliseconds(Int64(timeout * 1000))).wait()
        } catch {
            throw classify(error, timeout: timeout)
        }
        let status = Int(response.status.code)
        if status == 401 || status == 407 { throw .authentication(status: status) }
        var data = Data()
        if var buffer = response.body, let bytes = buffer.readBytes(length: buffer.readableBytes) { data = Data(bytes) }
        return Response(status: status, body: data)
    }

    /// Maps what SwiftNIO and AsyncHTTPClient throw to the few causes a user can act on.
    static func classify(_ error: Error, timeout: TimeInterval) -> WebDriverTransportFailure {
        if let connection = error as? NIOConnectionError {
            if connection.connectionErrors.isEmpty, connection.dnsAError != nil || connection.dnsAAAAError != nil { return .unresolvable }
            if connection.connectionErrors.contains(where: { ($0.error as? IOError)?.errnoCode == ECONNREFUSED }) { return .refused }
            if let first = connection.connectionErrors.first { return classify(first.error, timeout: timeout) }
            return .unresolvable
        }
        if let io = error as? IOError {
            if io.errnoCode == ECONNREFUSED { return .refused }
            if io.errnoCode == ECONNRESET || io.errnoCode == EPIPE { return .closed }
        }
        if error is SocketAddressError { return .unresolvable }
        if let ssl = error as? NIOSSLError {
            switch ssl {
            case .handshakeFailed(let boring): return .tls(tlsDetail(String(describing: boring)))
            default: return .tls(String(describing: ssl))
            }
        }
        if error is NIOSSLExtraError { return .tls("the certificate does not name this host") }
        if error is BoringSSLError { return .tls(tlsDetail(String(describing: error))) }
        if let http = error as? HTTPClientError {
            switch http {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return .timeout(seconds: Int(timeout.rounded(.up)))
            case .remoteConnectionClosed, .cancelled: return .closed
            default: return .other(String(describing: http))
            }
        }
        return .other(String(describing: error))
    }

    private static func tlsDetail(_ text: String) -> String {
        if text.contains("CERTIFICATE_VERIFY_FAILED") { return "certificate not trusted" }
        if text.contains("WRONG_VERSION_NUMBER") || text.contains("packet length too long") { return "the server does not speak TLS there" }
        return text
    }
}
