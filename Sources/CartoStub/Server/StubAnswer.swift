import CartoCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A mapping's answer built once: status, headers (validated) and body bytes, shared by every request it answers.
final class PreparedResponse: Sendable {
    let response: StubAnswer.Response
    init(_ response: StubAnswer.Response) { self.response = response }
}

/// The HTTP answer to a matching decision, shared by the event-loop fast path and the Hummingbird responder.
enum StubAnswer {
    /// The ready-made answer for a mapping whose body is in memory and which answers at once (no delay, no fault).
    static func prepare(_ m: StubMapping) -> PreparedResponse? {
        guard m.response.fault == nil, (m.response.fixedDelayMilliseconds ?? 0) == 0 else { return nil }
        if case .file = m.response.body { return nil }
        return PreparedResponse(build(m))
    }

    struct Response {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: ByteBuffer

        /// The same answer for the Hummingbird responder.
        var hummingbird: Hummingbird.Response {
            Hummingbird.Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
        }
    }

    /// The answer, for an unmatched request (404 with the nearest mapping and why it missed) or a mapping whose
    /// body is in memory. `fileBody` supplies a body file's bytes (nil: missing → 500).
    static func response(for decision: StubStore.Decision, request: StubRequest, log: (@Sendable (String) -> Void)?,
                         fileBody: ((String) -> Data?)? = nil) -> Response {
        guard let mapping = decision.mapping else {
            var text = "carto stub: no mapping matched\n  \(request.method) \(request.url)\n"
            if let (near, misses) = decision.nearMiss {
                text += "Closest mapping: \(near.name ?? near.id)\(near.sourceFile.map { " (\($0))" } ?? "")\n"
                text += misses.map { "  - \($0)\n" }.joined()
            } else {
                text += "There are no mappings: add files to mappings/ or POST /__admin/mappings.\n"
            }
            log?("unmatched: \(request.method) \(request.url)")
            return StubAnswer.text(text, status: 404)
        }
        if let p = decision.prepared { return p.response }
        return build(mapping, fileBody: fileBody, log: log)
    }

    private static func build(_ mapping: StubMapping, fileBody: ((String) -> Data?)? = nil, log: (@Sendable (String) -> Void)? = nil) -> Response {
        let r = mapping.response
        var headers = HTTPFields()
        headers[.server] = "carto-stub"
        for (name, value) in r.headers { if let n = HTTPField.Name(name) { headers.append(HTTPField(name: n, value: value)) } }
        var body: ByteBuffer
        if let inline = r.inlineBody {
            body = ByteBuffer(bytes: inline)
        } else if case let .file(name) = r.body {
            guard let data = fileBody?(name) else {
                log?("mapping \(mapping.name ?? mapping.id): body file __files/\(name) is missing")
                return text("carto stub: mapping \(mapping.name ?? mapping.id) names __files/\(name), which does not exist\n", status: 500)
            }
            body = ByteBuffer(bytes: data)
            if headers[.contentType] == nil, let type = MediaType.forFile(name) { headers[.contentType] = type }
        } else {
            body = ByteBuffer()
        }
        if case .json = r.body, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        let status = HTTPResponse.Status(code: r.status, reasonPhrase: r.statusMessage ?? HTTPResponse.Status(code: r.status).reasonPhrase)
        return Response(status: status, headers: headers, body: body)
    }

    static func text(_ text: String, status: Int) -> Response {
        var headers = HTTPFields()
        headers[.server] = "carto-stub"
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: .init(code: status), headers: headers, body: ByteBuffer(string: text))
    }
}
