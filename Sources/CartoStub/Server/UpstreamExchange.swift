import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// One request sent to a real server on a client's behalf, and its answer: what proxying (`proxyBaseUrl`,
/// `ProxyForwarder`) and recording (`RecordingProxy`) share. Connection-level headers stay on their own hop in
/// both directions; redirects and compressed bodies pass through as they are.
enum UpstreamExchange {
    /// Headers of one connection, never forwarded (RFC 9110 §7.6.1, and the framing the client and we each set).
    static let hopByHop: Set = ["host", "connection", "content-length", "transfer-encoding", "keep-alive", "upgrade",
                                "proxy-connection", "te", "trailer"]

    /// The real server's answer.
    struct Answer {
        var status: Int
        var reasonPhrase: String
        /// As sent, connection-level headers left out.
        var headers: [(String, String)]
        var body: ByteBuffer

        /// The headers for our answer to the client.
        var fields: HTTPFields {
            var fields = HTTPFields()
            for (name, value) in headers { if let n = HTTPField.Name(name) { fields.append(HTTPField(name: n, value: value)) } }
            return fields
        }
    }

    /// A client that hands redirects and compressed bodies back as they are.
    static func client(connect: TimeAmount, read: TimeAmount) -> HTTPClient {
        var config = HTTPClient.Configuration()
        config.redirectConfiguration = .disallow
        config.decompression = .disabled
        config.timeout = .init(connect: connect, read: read)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: config)
    }

    /// Sends `request` (method, headers less the hop-by-hop ones and `dropping` (lowercase), plus `adding`, body) to
    /// `url` and collects the answer, its body up to `maxBody` bytes.
    static func send(_ request: StubRequest, to url: String, dropping: Set<String> = [], adding: [(String, String)] = [],
                     with client: HTTPClient, timeout: TimeAmount, maxBody: Int) async throws -> Answer {
        var outgoing = HTTPClientRequest(url: url)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers {
            let lower = name.lowercased()
            if !hopByHop.contains(lower), !dropping.contains(lower) { outgoing.headers.add(name: name, value: value) }
        }
        for (name, value) in adding { outgoing.headers.replaceOrAdd(name: name, value: value) }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let response = try await client.execute(outgoing, timeout: timeout)
        let body = try await response.body.collect(upTo: maxBody)
        return Answer(status: Int(response.status.code), reasonPhrase: response.status.reasonPhrase,
                      headers: response.headers.filter { !hopByHop.contains($0.name.lowercased()) }.map { ($0.name, $0.value) }, body: body)
    }
}
