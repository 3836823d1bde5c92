import CartoCore
import Foundation
import Hummingbird
import HTTPTypes

/// Small builders for the server's own answers (admin API, events, errors).
enum Reply {
    static func json(_ value: JSONValue, status: Int = 200, pretty: Bool = true) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: .init(code: status), headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(string: value.serialized(pretty: pretty))))
    }

    static func text(_ text: String, status: Int) -> Response { StubAnswer.text(text, status: status).hummingbird }

    /// An error as JSON: `{"error": message}` plus any extra fields.
    static func error(_ message: String, status: Int, extra: [(String, JSONValue)] = []) -> Response {
        json(.object([("error", .string(message))] + extra), status: status)
    }

    static func empty(_ status: Int) -> Response { Response(status: .init(code: status)) }
}

extension Request {
    /// Query parameters of the request target, decoded.
    var queryItems: [(String, String)] { StubRequest(method: "GET", url: head.path ?? "/").query }

    func queryValue(_ name: String) -> String? { queryItems.first { $0.0 == name }?.1 }
}
