import CartoCore
import Foundation

/// A request while it is matched against many mappings: what several patterns need (the parsed query, cookies,
/// form fields, multipart parts, body text and JSON) is worked out once, on first use, instead of per pattern.
/// One per request, used on one thread.
final class MatchInput {
    let request: StubRequest

    init(_ request: StubRequest) { self.request = request }

    lazy var query: [(String, String)] = request.query

    func queryValues(_ name: String) -> [String] { query.filter { $0.0 == name }.map(\.1) }

    lazy var cookies: [(String, String)] = request.cookies
    lazy var formFields: [(String, String)] = request.formFields
    lazy var multipartParts: [MultipartPart]? = request.multipartParts
    lazy var bodyText: String? = request.bodyText
    lazy var bodyJSON: JSONValue? = bodyText.flatMap { $0.isEmpty ? nil : try? JSONValue.parse($0) }
}
