import AsyncHTTPClient
import CartoCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1

/// `carto stub record`: forwards each request to the real API, answers the app with the real response and
/// hands the exchange to the recorder. An upstream that fails or hangs gets the app a 502/504 naming it and
/// records nothing for that request; what was recorded before stays on disk.
public final class RecordingProxy: @unchecked Sendable {
    public let target: URL
    public let recorder: MappingRecorder
    public let timeout: Duration
    private let client: HTTPClient
    private let log: (@Sendable (String) -> Void)?

    public init(target: URL, recorder: MappingRecorder, timeout: Duration = .seconds(30), log: (@Sendable (String) -> Void)? = nil) throws {
        guard let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil else {
            throw CartoError("\(target.absoluteString): --target must be an http:// or https:// URL of the real API")
        }
        self.target = target
        self.recorder = recorder
        self.timeout = timeout
        self.log = log
        var config = HTTPClient.Configuration()
        config.redirectConfiguration = .disallow  // record redirects as they are
        config.decompression = .disabled
        config.timeout = .init(connect: .seconds(10), read: TimeAmount.seconds(max(1, timeout.components.seconds)))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: config)
    }

    public func shutdown() async { try? await client.shutdown() }

    func forward(_ request: StubRequest) async -> Response {
        var base = target.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var outgoing = HTTPClientRequest(url: base + request.url)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method)
        let skip: Set = ["host", "connection", "content-length", "transfer-encoding", "accept-encoding", "keep-alive"]
        for (name, value) in request.headers where !skip.contains(name.lowercased()) { outgoing.headers.add(name: name, value: value) }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let recorded: RecordedResponse
        do {
            let response = try await client.execute(outgoing, timeout: TimeAmount.seconds(max(1, timeout.components.seconds)))
            let body = try await response.body.collect(upTo: 64 << 20)
            recorded = RecordedResponse(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                                        body: Array(body.readableBytesView))
        } catch {
            let timedOut = "\(error)".lowercased().contains("timeout") || "\(error)".contains("deadlineExceeded")
            let message = timedOut
                ? "carto stub record: \(target.absoluteString) did not answer \(request.method) \(request.url) within \(timeout.components.seconds) s; nothing recorded for it"
                : "carto stub record: \(target.absoluteString) failed on \(request.method) \(request.url) (\(error)); nothing recorded for it"
            log?(message)
            return Reply.text(message + "\n", status: timedOut ? 504 : 502)
        }
        do {
            switch try recorder.record(request, recorded) {
            case let .written(f): log?("recorded \(request.method) \(request.url) → mappings/\(f)")
            case let .scenarioStep(f, step): log?("recorded \(request.method) \(request.url) → mappings/\(f) (scenario step \(step))")
            case .duplicate: break
            }
        } catch {
            log?("carto stub record: \(error)")
        }
        var headers = HTTPFields()
        for (name, value) in recorded.headers where !["connection", "transfer-encoding", "content-length", "keep-alive"].contains(name.lowercased()) {
            if let n = HTTPField.Name(name) { headers.append(HTTPField(name: n, value: value)) }
        }
        return Response(status: .init(code: recorded.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: recorded.body)))
    }
}
