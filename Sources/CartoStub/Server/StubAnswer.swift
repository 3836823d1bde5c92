import CartoCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1

/// A mapping's answer built once: status, headers (validated) and body bytes, shared by every request it answers.
final class PreparedResponse: Sendable {
    let response: StubAnswer.Response
    /// The whole HTTP/1.1 answer as bytes, but for the Date header: the status line and headers up to the line
    /// where the date goes, then the rest of the headers and the body. The event loop writes it straight to the
    /// socket (see StubFastPath).
    let encodedHead: ByteBuffer
    let encodedTail: ByteBuffer

    init(_ response: StubAnswer.Response) {
        self.response = response
        let head = StubAnswer.encodedHead(status: response.status, headers: response.headers)
        var tail = ByteBuffer(string: "\r\n\r\n")
        var body = response.body
        tail.writeBuffer(&body)
        encodedHead = head
        encodedTail = tail
    }
}

/// The HTTP answer to a matching decision, shared by the event-loop fast path and the Hummingbird responder.
enum StubAnswer {
    /// The ready-made answer for a mapping whose body is in memory and which answers at once (no delay, no fault).
    static func prepare(_ m: StubMapping, globalTemplating: Bool) -> PreparedResponse? {
        guard m.response.fault == nil, !m.response.hasDelay, m.response.proxy == nil else { return nil }
        if (m.response.templates != nil || m.response.templateProblem != nil) && (m.response.templated || globalTemplating) { return nil }
        if case .file = m.response.body { return nil }
        guard var response = try? build(m, request: nil, templating: false) else { return nil }  // cannot throw without templating
        if response.headers[.contentLength] == nil, mayHaveBody(m.response.status) { response.headers[.contentLength] = String(response.body.readableBytes) }
        return PreparedResponse(response)
    }

    /// An HTTP/1.1 status line and headers as bytes, ending with `Date: ` for the caller's date (a Date header of
    /// the mapping's own is left out).
    static func encodedHead(status: HTTPResponse.Status, headers: HTTPFields) -> ByteBuffer {
        var head = ByteBuffer()
        // HTTPTypes leaves the reason empty for a status made from its code; NIO's encoder put in the standard one.
        let reason = status.reasonPhrase.isEmpty ? HTTPResponseStatus(statusCode: status.code).reasonPhrase : status.reasonPhrase
        head.writeString("HTTP/1.1 \(status.code) \(reason)\r\n")
        for field in headers where field.name != .date {
            head.writeString(field.name.rawName)
            head.writeString(": ")
            head.writeString(field.value)
            head.writeString("\r\n")
        }
        head.writeString("Date: ")
        return head
    }

    /// The head of a plain body-file answer (no Content-Length: the file's size is known per request): the
    /// status and headers `build` gives the mapping, its body left out.
    static func fileAnswerHead(_ m: StubMapping) -> ByteBuffer {
        let r = (try? build(m, request: nil, templating: false, fileBody: { _ in Data() })) ?? text("", status: 500)  // cannot throw without templating
        var headers = r.headers
        headers[.contentLength] = nil
        return encodedHead(status: r.status, headers: headers)
    }

    /// A mapping answered at once with a body file's bytes (no delay, fault, proxy or template): the event loop
    /// answers it from the file cache.
    static func isPlainFile(_ m: StubMapping, globalTemplating: Bool) -> Bool {
        // A status without content (204, 304) is framed by `build`, which leaves its body file out.
        guard case .file = m.response.body, mayHaveBody(m.response.status), m.response.fault == nil, !m.response.hasDelay, m.response.proxy == nil else { return false }
        return !(m.response.templated || globalTemplating)
    }

    /// The whole HTTP/1.1 answer to a decision the store made at once (`decideIfReady`), as bytes for the socket:
    /// a ready-made answer, a body file from the cache framed here, or the 404 / 500 text. A missing body file's 500
    /// is recorded in the journal.
    static func wireBytes(for decision: StubStore.Decision, request: StubRequest, store: StubStore, files: BodyFileCache?,
                          date: String, allocator: ByteBufferAllocator, log: (@Sendable (String) -> Void)?) -> ByteBuffer {
        func framed(_ head: ByteBuffer, bodySize: Int, rest: (inout ByteBuffer) -> Void) -> ByteBuffer {
            var head = head
            var out = allocator.buffer(capacity: head.readableBytes + bodySize + 64)
            out.writeBuffer(&head)
            out.writeString(date)
            rest(&out)
            return out
        }
        if let entry = decision.entry {
            if let prepared = entry.prepared {
                var tail = prepared.encodedTail
                return framed(prepared.encodedHead, bodySize: tail.readableBytes) { $0.writeBuffer(&tail) }
            }
            if let fileHead = entry.fileAnswerHead, case let .file(name) = entry.mapping.response.body, let bytes = files?.bytes(name) {
                return framed(fileHead, bodySize: bytes.count) {
                    $0.writeString("\r\nContent-Length: \(bytes.count)\r\n\r\n")
                    $0.writeBytes(bytes)
                }
            }
        }
        let response = Self.response(for: decision, request: request, log: log, fileBody: { [files] in files?.bytes($0) })
        if response.status.code == 500, decision.entry != nil { store.recordStatus(500, for: decision) }  // a missing body file
        var headers = response.headers
        headers[.contentLength] = nil
        var body = response.body
        return framed(encodedHead(status: response.status, headers: headers), bodySize: body.readableBytes) {
            $0.writeString(mayHaveBody(response.status.code) ? "\r\nContent-Length: \(body.readableBytes)\r\n\r\n" : "\r\n\r\n")
            $0.writeBuffer(&body)
        }
    }

    struct Response {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: ByteBuffer

        /// The same answer for the Hummingbird responder.
        /// Hummingbird frames the body itself: a Content-Length kept for the event loop is left out.
        var hummingbird: Hummingbird.Response {
            var headers = headers
            headers[.contentLength] = nil
            return Hummingbird.Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
        }
    }

    /// The answer, for an unmatched request (404 with the nearest mapping and why it missed) or a mapping whose
    /// body is in memory. `fileBody` supplies a body file's bytes (nil: missing → 500).
    static func response(for decision: StubStore.Decision, request: StubRequest, log: (@Sendable (String) -> Void)?,
                         globalTemplating: Bool = false, baseURL: String? = nil, fileBody: ((String) -> Data?)? = nil) -> Response {
        guard let entry = decision.entry else {
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
        if let p = entry.prepared { return p.response }
        let mapping = entry.mapping
        let templating = mapping.response.templated || globalTemplating
        if templating, let problem = mapping.response.templateProblem {
            log?("mapping \(mapping.name ?? mapping.id): template error: \(problem)")
            return text("carto stub: template error in mapping \(mapping.name ?? mapping.id)\(mapping.sourceFile.map { " (\($0))" } ?? ""): \(problem)\n", status: 500)
        }
        do {
            return try build(mapping, request: templating ? RequestModel.value(request, baseURL: baseURL) : nil, templating: templating, fileBody: fileBody, log: log)
        } catch {
            log?("mapping \(mapping.name ?? mapping.id): template error: \(error)")
            return text("carto stub: template error in mapping \(mapping.name ?? mapping.id)\(mapping.sourceFile.map { " (\($0))" } ?? ""): \(error)\n", status: 500)
        }
    }

    /// - Parameter request: the request as templates see it, when the answer is templated.
    private static func build(_ mapping: StubMapping, request: TemplateValue?, templating: Bool, fileBody: ((String) -> Data?)? = nil,
                              log: (@Sendable (String) -> Void)? = nil) throws -> Response {
        let r = mapping.response
        let templates = templating ? r.templates : nil
        func render(_ t: Template) throws -> String { try t.render(request: request ?? .null, parameters: r.transformerParameters) }
        var headers = HTTPFields()
        headers[.server] = "carto-stub"
        for (name, value) in r.headers {
            guard let n = HTTPField.Name(name) else { continue }
            let v = try templates?.headers.first { $0.0 == name && $0.1.source == value }.map { try render($0.1) } ?? value
            headers.append(HTTPField(name: n, value: v))
        }
        var body: ByteBuffer
        if let t = templates?.body {
            body = ByteBuffer(string: try render(t))
        } else if let inline = r.inlineBody {
            body = ByteBuffer(bytes: inline)
        } else if case let .file(fileName) = r.body {
            let name = try templates?.bodyFileName.map(render) ?? fileName
            guard let data = fileBody?(name) else {
                log?("mapping \(mapping.name ?? mapping.id): body file __files/\(name) is missing")
                return text("carto stub: mapping \(mapping.name ?? mapping.id) names __files/\(name), which does not exist\n", status: 500)
            }
            if templating, let content = String(data: data, encoding: .utf8), Template.hasSyntax(content) {
                body = ByteBuffer(string: try render(Template(content)))
            } else {
                body = ByteBuffer(bytes: data)
            }
        } else {
            body = ByteBuffer()
        }
        // No Content-Type unless the mapping declares one: WireMock adds none for jsonBody or body files either.
        let status = HTTPResponse.Status(code: r.status, reasonPhrase: r.statusMessage ?? HTTPResponse.Status(code: r.status).reasonPhrase)
        // A 1xx, 204 or 304 answer has no content (RFC 9110 §6.4.1), whatever the mapping says: a body sent after it
        // would be read as the start of the connection's next answer (a keep-alive client then fails its next
        // request, "I/O on closed channel"), as WireMock's Jetty sends none.
        if !Self.mayHaveBody(r.status) { body = ByteBuffer(); headers[.contentLength] = nil }
        return Response(status: status, headers: headers, body: body)
    }

    /// Whether an answer of this status may carry content and a Content-Length (not 1xx, 204 or 304).
    static func mayHaveBody(_ status: Int) -> Bool { !(100..<200).contains(status) && status != 204 && status != 304 }

    static func text(_ text: String, status: Int) -> Response {
        var headers = HTTPFields()
        headers[.server] = "carto-stub"
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: .init(code: status), headers: headers, body: ByteBuffer(string: text))
    }
}
