import CartoCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Routes every request: `/__admin/…` to the admin API, `/__carto/events…` to the event hub, everything else
/// to the stubs (or, when recording, to the real API through the recorder).
struct StubResponder: HTTPResponder {
    typealias Context = StubContext

    let store: StubStore
    let admin: AdminAPI
    let eventsAPI: EventsAPI
    let files: BodyFileCache?
    let maxBodyBytes: Int
    let recorder: RecordingProxy?
    let proxy: ProxyForwarder
    let log: (@Sendable (String) -> Void)?

    func respond(to request: Request, context: StubContext) async throws -> Response {
        let target = request.head.path ?? "/"
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let body: [UInt8]
        do {
            let buffer = try await request.body.collect(upTo: maxBodyBytes)
            body = Array(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            return Reply.text("request body is over the limit of \(maxBodyBytes) bytes (carto stub --max-body-size)\n", status: 413)
        }
        let parts = path.split(separator: "/")
        if parts.first == "__admin" {
            return admin.respond(method: request.method, path: Array(parts.dropFirst()), body: body)
        }
        if parts.count >= 2, parts[0] == "__carto", parts[1] == "events" {
            return await eventsAPI.respond(method: request.method, path: Array(parts.dropFirst(2)), request: request, body: body)
        }
        let stubRequest = StubRequest(
            method: request.method.rawValue, url: target,
            headers: StubRequest.headers(request.head), body: body,
            clientAddress: context.remoteAddress?.ipAddress)
        if let recorder { return await recorder.forward(stubRequest) }
        return await serve(stubRequest)
    }

    private func serve(_ request: StubRequest) async -> Response {
        let decision = store.decide(request)
        if let r = decision.mapping?.response {
            if r.hasDelay {
                var rng = SystemRandomNumberGenerator()
                let ms = r.sampleDelayMilliseconds(using: &rng)
                if ms > 0 { try? await Task.sleep(for: .microseconds(Int64(ms * 1000))) }
            }
            if let fault = r.fault {
                var headers = HTTPFields()
                headers[FaultHandler.headerName] = fault.rawValue
                return Response(status: .ok, headers: headers)
            }
            if let settings = r.proxy {
                let answer = await proxy.forward(request, settings)
                store.recordStatus(answer.status.code, for: decision)
                return answer
            }
        }
        let answer = StubAnswer.response(for: decision, request: request, log: log, globalTemplating: store.globalTemplating,
                                         fileBody: { [files] in files?.bytes($0) })
        if answer.status.code == 500, decision.mapping != nil { store.recordStatus(500, for: decision) }  // missing file, template error
        return answer.hummingbird
    }
}
