import CartoCore
import Foundation

/// One request the server saw, with how it was answered.
public struct LoggedRequest: Sendable {
    /// The journal id (UUID-shaped); for this server's own entries it is formatted when asked, not per request.
    public var id: String { explicitID ?? JournalIDs.format(prefix: prefix, number) }
    private var explicitID: String?
    private var prefix = ""
    let number: UInt64
    public var request: StubRequest
    public var loggedDate: Date
    public var matchedMappingID: String?
    public var responseStatus: Int?

    /// An entry read from elsewhere (another server's journal).
    public init(id: String, request: StubRequest, loggedDate: Date, matchedMappingID: String?, responseStatus: Int?) {
        explicitID = id
        number = 0
        self.request = request
        self.loggedDate = loggedDate
        self.matchedMappingID = matchedMappingID
        self.responseStatus = responseStatus
    }

    init(number: UInt64, prefix: String, request: StubRequest, loggedDate: Date, matchedMappingID: String?, responseStatus: Int?) {
        self.number = number
        self.prefix = prefix
        self.request = request
        self.loggedDate = loggedDate
        self.matchedMappingID = matchedMappingID
        self.responseStatus = responseStatus
    }

    public var wasMatched: Bool { matchedMappingID != nil }

    public var json: JSONValue {
        var req: [(String, JSONValue)] = [
            ("url", .string(request.url)),
            ("absoluteUrl", .string(request.url)),
            ("method", .string(request.method)),
            ("headers", .object(groupedJSON(request.headers, caseInsensitive: true))),
            ("cookies", .object(request.cookies.map { ($0.0, .string($0.1)) })),
            ("queryParams", .object(groupedJSON(request.query, caseInsensitive: true).map { k, v in (k, .object([("key", .string(k)), ("values", .array(v.arrayValue ?? [v]))])) })),
            ("body", .string(request.bodyText ?? "")),
            ("bodyAsBase64", .string(Data(request.body).base64EncodedString())),
            ("loggedDate", .number(Int(loggedDate.timeIntervalSince1970 * 1000))),
            ("loggedDateString", .string(ISO8601DateFormatter().string(from: loggedDate))),
        ]
        if let c = request.clientAddress { req.append(("clientIp", .string(c))) }
        var f: [(String, JSONValue)] = [("id", .string(id)), ("request", .object(req)), ("wasMatched", .bool(wasMatched))]
        if let m = matchedMappingID { f.append(("stubMappingId", .string(m))) }
        if let s = responseStatus { f.append(("responseDefinition", .object([("status", .number(s))]))) }
        return .object(f)
    }
}

/// The request journal: the most recent `limit` requests, oldest first.
struct RequestJournal {
    let limit: Int
    private(set) var entries: [LoggedRequest] = []
    private var start = 0  // ring buffer head once full

    init(limit: Int) { self.limit = max(1, limit) }

    /// Appends and returns the slot the entry went into (for a later status update).
    @discardableResult
    mutating func append(_ e: LoggedRequest) -> Int {
        if entries.count < limit { entries.append(e); return entries.count - 1 }
        let slot = start
        entries[slot] = e
        start = (start + 1) % limit
        return slot
    }

    var ordered: [LoggedRequest] { start == 0 ? entries : Array(entries[start...] + entries[..<start]) }

    /// Sets the status of the entry in `slot`, unless it has since been overwritten by a newer one.
    mutating func update(slot: Int, number: UInt64, status: Int) {
        if entries.indices.contains(slot), entries[slot].number == number { entries[slot].responseStatus = status }
    }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true); start = 0 }
}
