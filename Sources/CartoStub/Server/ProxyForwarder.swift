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
            // AsyncHTTPClient retries a refused connection until the connect timeout: keep it short so a backend
            // that is down answers the client within seconds.
            let c = UpstreamExchange.client(connect: .seconds(2), read: .seconds(60))
            made = c
            return c
        }
    }

    func shutdown() async {
        let c = lock.withLock { () -> HTTPClient? in defer { made = nil }; return made }
        try? await c?.shutdown()
    }

    func forward(_ request: StubRequest, _ proxy: ResponseDefinition.ProxySettings) async -> Response {
        var base = proxy.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        var path = request.url
        if let prefix = proxy.urlPrefixToRemove, path.hasPrefix(prefix) { path = String(path.dropFirst(prefix.count)) }
        if !path.hasPrefix("/") { path = "/" + path }
        do {
            let answer = try await UpstreamExchange.send(request, to: base + path, dropping: Set(proxy.removeRequestHeaders.map { $0.lowercased() }),
                                                         adding: proxy.additionalRequestHeaders, with: client, timeout: .seconds(60), maxBody: 256 << 20)
            return Response(status: .init(code: answer.status, reasonPhrase: answer.reasonPhrase), headers: answer.fields,
                            body: ResponseBody(byteBuffer: answer.body))
        } catch {
            log?("proxy: \(request.method) \(base + path) failed: \(error)")
            return Reply.text("carto stub: the proxy target \(base) did not answer \(request.method) \(path): \(error)\n", status: 500)
        }
    }
}
