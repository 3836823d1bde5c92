import AsyncHTTPClient
import CartoCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1

/// Answers `proxyBaseUrl` mappings: the request goes to the mapping's base URL (path and query as received, less
/// `proxyUrlPrefixToRemove`), with `additionalProxyRequestHeaders` added and `removeProxyRequestHeaders` taken
/// out; the backend's status, headers and body go back to the client. An unreachable backend gets a 500 naming it
/// (as WireMock answers).
final class ProxyForwarder: @unchecked Sendable {
    private let lock = NSLock()
    private var made: HTTPClient?  // made on the first proxied request: most servers never proxy
    private let log: (@Sendable (String) -> Void)?

    init(log: (@Sendable (String) -> Void)?) { self.log = log }

    private var client: HTTPClient {
        lock.withLock {
            if let made { return made }
            var config = HTTPClient.Configuration()
            config.redirectConfiguration = .disallow  // a redirect goes back to the client as it is
            config.decompression = .disabled
            // AsyncHTTPClient retries a refused connection until the connect timeout: keep it short so a backend
            // that is down answers the client within seconds.
            config.timeout = .init(connect: .seconds(2), read: .seconds(60))
            let c = HTTPClient(eventLoopGroupProvider: .singleton, configuration: config)
            made = c
            return c
        }
    }

    func shutdown() async {
        let c = lock.withLock { () -> HTTPClient? in defer { made = nil }; return made }
        try? await c?.shutdown()
    }

    static let hopByHop: Set = ["host", "connection", "content-length", "transfer-encoding", "keep-alive", "upgrade", "proxy-connection", "te", "trailer"]

    func forward(_ request: StubRequest, _ proxy: ResponseDefinition.ProxySettings) async -> Response {
        var base = proxy.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        var path = request.url
        if let prefix = proxy.urlPrefixToRemove, path.hasPrefix(prefix) { path = String(path.dropFirst(prefix.count)) }
        if !path.hasPrefix("/") { path = "/" + path }
        var outgoing = HTTPClientRequest(url: base + path)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method)
        let removed = Set(proxy.removeRequestHeaders.map { $0.lowercased() })
        for (name, value) in request.headers where !Self.hopByHop.contains(name.lowercased()) && !removed.contains(name.lowercased()) {
            outgoing.headers.add(name: name, value: value)
        }
        for (name, value) in proxy.additionalRequestHeaders { outgoing.headers.replaceOrAdd(name: name, value: value) }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        do {
            let response = try await client.execute(outgoing, timeout: .seconds(60))
            let body = try await response.body.collect(upTo: 256 << 20)
            var headers = HTTPFields()
            for h in response.headers where !Self.hopByHop.contains(h.name.lowercased()) {
                if let n = HTTPField.Name(h.name) { headers.append(HTTPField(name: n, value: h.value)) }
            }
            return Response(status: .init(code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase), headers: headers,
                            body: ResponseBody(byteBuffer: body))
        } catch {
            log?("proxy: \(request.method) \(base + path) failed: \(error)")
            return Reply.text("carto stub: the proxy target \(base) did not answer \(request.method) \(path): \(error)\n", status: 500)
        }
    }
}
