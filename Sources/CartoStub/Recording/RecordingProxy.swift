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
        // Redirects are recorded as they are.
        client = UpstreamExchange.client(connect: .seconds(10), read: .seconds(max(1, timeout.components.seconds)))
    }

    public func shutdown() async { try? await client.shutdown() }

    func forward(_ request: StubRequest) async -> Response {
        var base = target.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let recorded: RecordedResponse
        let answer: UpstreamExchange.Answer
        do {
            // Without Accept-Encoding, so that bodies are recorded readable.
            answer = try await UpstreamExchange.send(request, to: base + request.url, dropping: ["accept-encoding"], with: client,
                                                     timeout: .seconds(max(1, timeout.components.seconds)), maxBody: 64 << 20)
            recorded = RecordedResponse(status: answer.status, headers: answer.headers, body: Array(answer.body.readableBytesView))
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
        return Response(status: .init(code: recorded.status), headers: answer.fields, body: ResponseBody(byteBuffer: answer.body))
    }
}
