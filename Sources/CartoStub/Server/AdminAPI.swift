import CartoCore
import Foundation
import Hummingbird

/// WireMock's admin API (`/__admin/...`) over the store, so existing clients and habits keep working.
struct AdminAPI: Sendable {
    let store: StubStore
    let events: EventHub
    let shutdown: @Sendable () -> Void

    func respond(method: HTTPRequest.Method, path: [Substring], body: [UInt8]) -> Response {
        switch (method, path.first.map(String.init) ?? "") {
        case (.get, "health"): return Reply.json(.object([("status", .string("healthy")), ("version", .string(CartoVersion.current))]))
        case (_, "mappings"): return mappings(method, Array(path.dropFirst()), body)
        case (_, "requests"): return requests(method, Array(path.dropFirst()), body)
        case (_, "scenarios"): return scenarios(method, Array(path.dropFirst()), body)
        case (.post, "reset"):
            store.resetAll()
            events.clear()
            return Reply.empty(200)
        case (.post, "shutdown"):
            shutdown()
            return Reply.empty(200)
        default:
            return Reply.error("no admin endpoint \(method) /__admin/\(path.joined(separator: "/"))", status: 404)
        }
    }

    private func parse(_ body: [UInt8]) throws -> JSONValue {
        do { return try JSONValue.parse(body) } catch let e as JSONValue.ParseError {
            throw MappingError(path: "", message: "malformed JSON at \(e)")
        }
    }

    private func mappings(_ method: HTTPRequest.Method, _ rest: [Substring], _ body: [UInt8]) -> Response {
        do {
            switch (method, rest.count) {
            case (.get, 0):
                let all = store.mappings
                return Reply.json(.object([("mappings", .array(all.map(\.json))), ("meta", .object([("total", .number(all.count))]))]))
            case (.post, 0):
                let m = try StubMapping(json: try parse(body))
                store.add(m)
                return Reply.json(m.json, status: 201)
            case (.delete, 0):
                store.removeAll()
                return Reply.empty(200)
            case (.post, 1) where rest[0] == "reset":
                store.resetMappings()
                return Reply.empty(200)
            case (.post, 1) where rest[0] == "import":
                let doc = try parse(body)
                guard let items = doc["mappings"]?.arrayValue else { throw MappingError(path: "mappings", message: "expected an array") }
                let ms = try items.enumerated().map { try StubMapping(json: $1, path: "mappings[\($0)]") }
                ms.forEach(store.add)
                return Reply.empty(200)
            case (.get, 1):
                guard let m = store.mapping(id: String(rest[0])) else { return Reply.error("no mapping with id \(rest[0])", status: 404) }
                return Reply.json(m.json)
            case (.put, 1):
                var m = try StubMapping(json: try parse(body))
                m.id = String(rest[0])
                guard store.replace(m) else { return Reply.error("no mapping with id \(rest[0])", status: 404) }
                return Reply.json(m.json)
            case (.delete, 1):
                guard store.remove(id: String(rest[0])) else { return Reply.error("no mapping with id \(rest[0])", status: 404) }
                return Reply.empty(200)
            default:
                return Reply.error("no admin endpoint \(method) /__admin/mappings/\(rest.joined(separator: "/"))", status: 404)
            }
        } catch let e as MappingError {
            return Reply.error("invalid mapping: \(e)", status: 422)
        } catch {
            return Reply.error("\(error)", status: 400)
        }
    }

    private func requests(_ method: HTTPRequest.Method, _ rest: [Substring], _ body: [UInt8]) -> Response {
        do {
            switch (method, rest.first.map(String.init) ?? "") {
            case (.get, ""):
                let all = store.requests
                return Reply.json(.object([
                    ("requests", .array(all.reversed().map(\.json))),  // newest first, as WireMock lists them
                    ("meta", .object([("total", .number(all.count))])),
                    ("requestJournalDisabled", .bool(false)),
                ]))
            case (.delete, ""), (.post, "reset"):
                store.clearJournal()
                return Reply.empty(200)
            case (.post, "count"):
                let pattern = try RequestPattern(json: try parse(body), path: "")
                return Reply.json(.object([("count", .number(store.requests(matching: pattern).count))]))
            case (.post, "find"):
                let pattern = try RequestPattern(json: try parse(body), path: "")
                return Reply.json(.object([("requests", .array(store.requests(matching: pattern).map(\.json)))]))
            case (.get, "unmatched"):
                return Reply.json(.object([("requests", .array(store.unmatchedRequests.map(\.json)))]))
            default:
                return Reply.error("no admin endpoint \(method) /__admin/requests/\(rest.joined(separator: "/"))", status: 404)
            }
        } catch let e as MappingError {
            return Reply.error("invalid request pattern: \(e)", status: 422)
        } catch {
            return Reply.error("\(error)", status: 400)
        }
    }

    private func scenarios(_ method: HTTPRequest.Method, _ rest: [Substring], _ body: [UInt8]) -> Response {
        switch (method, rest.count) {
        case (.get, 0):
            let mappings = store.mappings
            return Reply.json(.object([("scenarios", .array(store.scenarioStates.map { name, state in
                var possible = ["Started"]
                for m in mappings where m.scenarioName == name {
                    for s in [m.requiredScenarioState, m.newScenarioState].compactMap({ $0 }) where !possible.contains(s) { possible.append(s) }
                }
                return .object([("id", .string(name)), ("name", .string(name)), ("state", .string(state)),
                                ("possibleStates", .array(possible.map(JSONValue.string)))])
            }))]))
        case (.post, 1) where rest[0] == "reset":
            store.resetScenarios()
            return Reply.empty(200)
        case (.put, 2) where rest[1] == "state":
            guard let doc = try? JSONValue.parse(body), let state = doc["state"]?.stringValue else {
                return Reply.error("expected {\"state\": \"NAME\"}", status: 400)
            }
            guard store.setScenario(String(rest[0]), state: state) else { return Reply.error("no scenario named \(rest[0])", status: 404) }
            return Reply.empty(200)
        default:
            return Reply.error("no admin endpoint \(method) /__admin/scenarios/\(rest.joined(separator: "/"))", status: 404)
        }
    }
}
