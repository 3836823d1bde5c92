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
    let folder: MappingFolder?
    let maxBodyBytes: Int
    let recorder: RecordingProxy?
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
            headers: request.headers.map { ($0.name.rawName, $0.value) }, body: body,
            clientAddress: context.remoteAddress?.ipAddress)
        if let recorder { return await recorder.forward(stubRequest) }
        return await serve(stubRequest)
    }

    private func serve(_ request: StubRequest) async -> Response {
        let decision = store.decide(request)
        guard let mapping = decision.mapping else {
            store.recordStatus(404, journalID: decision.journalID)
            var text = "carto stub: no mapping matched\n  \(request.method) \(request.url)\n"
            if let (near, misses) = decision.nearMiss {
                text += "Closest mapping: \(near.name ?? near.id)\(near.sourceFile.map { " (\($0))" } ?? "")\n"
                text += misses.map { "  - \($0)\n" }.joined()
            } else {
                text += "There are no mappings: add files to mappings/ or POST /__admin/mappings.\n"
            }
            log?("unmatched: \(request.method) \(request.url)")
            return Reply.text(text, status: 404)
        }
        let r = mapping.response
        if let d = r.fixedDelayMilliseconds, d > 0 { try? await Task.sleep(for: .milliseconds(d)) }
        var headers = HTTPFields()
        if let fault = r.fault {
            headers[FaultHandler.headerName] = fault.rawValue
            store.recordStatus(0, journalID: decision.journalID)
            return Response(status: .ok, headers: headers)
        }
        for (name, value) in r.headers { if let n = HTTPField.Name(name) { headers.append(HTTPField(name: n, value: value)) } }
        var bytes: [UInt8]
        if let inline = r.inlineBody {
            bytes = inline
        } else if case let .file(name) = r.body {
            guard let data = folder?.bodyFile(name) else {
                store.recordStatus(500, journalID: decision.journalID)
                log?("mapping \(mapping.name ?? mapping.id): body file __files/\(name) is missing")
                return Reply.text("carto stub: mapping \(mapping.name ?? mapping.id) names __files/\(name), which does not exist\n", status: 500)
            }
            bytes = [UInt8](data)
            if headers[.contentType] == nil, let type = Self.contentType(forFile: name) { headers[.contentType] = type }
        } else {
            bytes = []
        }
        if case .json = r.body, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        store.recordStatus(r.status, journalID: decision.journalID)
        let status = HTTPResponse.Status(code: r.status, reasonPhrase: r.statusMessage ?? HTTPResponse.Status(code: r.status).reasonPhrase)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func contentType(forFile name: String) -> String? {
        switch (name as NSString).pathExtension.lowercased() {
        case "json": return "application/json"
        case "html", "htm": return "text/html; charset=utf-8"
        case "txt": return "text/plain; charset=utf-8"
        case "xml": return "application/xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        case "js": return "text/javascript"
        case "css": return "text/css"
        default: return nil
        }
    }
}
