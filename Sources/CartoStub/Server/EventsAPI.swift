import CartoCore
import Foundation
import Hummingbird

/// `/__carto/events`: the app posts, tests wait (long-poll) or listen (server-sent events).
struct EventsAPI: Sendable {
    let events: EventHub
    /// Upper bound on a long-poll, so a forgotten waiter cannot hold a connection for ever.
    static let maxWait: Duration = .seconds(600)

    func respond(method: HTTPRequest.Method, path: [Substring], request: Request, body: [UInt8]) async -> Response {
        switch (method, path.first.map(String.init) ?? "") {
        case (.post, ""):
            let doc: JSONValue
            do { doc = try JSONValue.parse(body) } catch {
                return Reply.error("malformed JSON event (\(error)); send {\"name\": \"screen.appeared\", \"value\": \"Home\"}", status: 400)
            }
            let items = doc.arrayValue ?? [doc]
            var posted: [JSONValue] = []
            for item in items {
                guard let name = item["name"]?.stringValue, !name.isEmpty else {
                    return Reply.error("an event needs a non-empty \"name\"", status: 400)
                }
                let value = item["value"].flatMap { $0.isNull ? nil : $0 }
                posted.append(events.post(name: name, value: value).json)
            }
            return Reply.json(doc.arrayValue == nil ? posted[0] : .array(posted), status: 201, pretty: false)
        case (.get, ""):
            let after = request.queryValue("after").flatMap(Int.init) ?? 0
            return Reply.json(.object([("events", .array(events.events(after: after).map(\.json))),
                                       ("latestSequence", .number(events.latestSequence))]))
        case (.delete, ""):
            events.clear()
            return Reply.empty(200)
        case (.get, "wait"):
            guard let name = request.queryValue("name"), !name.isEmpty else {
                return Reply.error("say which event to wait for: /__carto/events/wait?name=NAME[&value=V][&after=SEQ][&timeout=MS]", status: 400)
            }
            let value = request.queryValue("value")
            let after = request.queryValue("after").flatMap(Int.init) ?? 0
            let ms = request.queryValue("timeout").flatMap(Int.init) ?? 10_000
            let timeout = min(Duration.milliseconds(max(0, ms)), Self.maxWait)
            if let e = await events.wait(name: name, value: value, after: after, timeout: timeout) {
                return Reply.json(.object([("event", e.json)]), pretty: false)
            }
            let arrived = events.events(after: after)
            let wanted = value.map { "\(name)=\($0)" } ?? name
            var list = arrived.isEmpty ? "none" : arrived.map(\.shortDescription).joined(separator: ", ")
            let earlier = events.events(after: 0).filter { $0.sequence <= after }.suffix(5)
            if arrived.isEmpty && !earlier.isEmpty {
                list += " (before this wait: \(earlier.map(\.shortDescription).joined(separator: ", ")))"
            }
            return Reply.error("timed out after \(ms) ms waiting for \(wanted); events that arrived: \(list)", status: 408,
                               extra: [("arrived", .array(arrived.map(\.json)))])
        case (.get, "stream"):
            let after = request.queryValue("after").flatMap(Int.init) ?? events.latestSequence
            let stream = events.stream(after: after)
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-cache"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: ": carto stub events\n\n"))
                for await e in stream {
                    try await writer.write(ByteBuffer(string: "id: \(e.sequence)\nevent: \(e.name)\ndata: \(e.json.serialized())\n\n"))
                }
                try await writer.finish(nil)
            })
        default:
            return Reply.error("no endpoint \(method) /__carto/events/\(path.joined(separator: "/"))", status: 404)
        }
    }
}
