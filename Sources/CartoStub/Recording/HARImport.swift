import CartoCore
import Foundation

/// `carto stub import-har`: the entries of a HAR 1.2 capture (browser dev tools, Charles, Proxyman) as mappings,
/// through the same recorder as live recording (dedupe, scenarios, redaction).
public enum HARImport {
    public struct Summary: Sendable, Equatable {
        public var entries = 0
        public var written = 0
        public var duplicates = 0
        public var scenarioSteps = 0
        public var skipped: [String] = []
    }

    /// - Parameter only: when set, only entries whose URL starts with it (e.g. the API's base URL).
    public static func run(har: URL, recorder: MappingRecorder, only: String? = nil) throws -> Summary {
        guard let data = FileManager.default.contents(atPath: har.path) else {
            throw CartoError("\(har.path): cannot read the HAR file (missing or unreadable)")
        }
        let doc: JSONValue
        do { doc = try JSONValue.parse(data) } catch {
            throw CartoError("\(har.path): not a HAR file, malformed JSON at \(error)")
        }
        guard let entries = doc["log"]?["entries"]?.arrayValue else {
            throw CartoError("\(har.path): not a HAR file (no log.entries array)")
        }
        var summary = Summary()
        for (i, entry) in entries.enumerated() {
            summary.entries += 1
            guard let req = entry["request"], let res = entry["response"], let method = req["method"]?.stringValue,
                  let urlText = req["url"]?.stringValue, let url = URLComponents(string: urlText) else {
                summary.skipped.append("log.entries[\(i)]: no request method and URL")
                continue
            }
            if let only, !urlText.hasPrefix(only) { continue }
            var target = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
            if let q = url.percentEncodedQuery { target += "?" + q }
            let headers = (req["headers"]?.arrayValue ?? []).compactMap { h -> (String, String)? in
                guard let n = h["name"]?.stringValue, let v = h["value"]?.stringValue, !n.hasPrefix(":") else { return nil }
                return (n, v)
            }
            let requestBody = Array((req["postData"]?["text"]?.stringValue ?? "").utf8)
            var body: [UInt8] = []
            if let text = res["content"]?["text"]?.stringValue {
                if res["content"]?["encoding"]?.stringValue == "base64" {
                    guard let d = Data(base64Encoded: text) else { summary.skipped.append("log.entries[\(i)]: response body is not valid base64"); continue }
                    body = [UInt8](d)
                } else {
                    body = Array(text.utf8)
                }
            }
            let status = res["status"]?.intValue ?? 0
            guard (100...599).contains(status) else {
                summary.skipped.append("log.entries[\(i)]: \(method) \(urlText) has no response (status \(status))")
                continue
            }
            let resHeaders = (res["headers"]?.arrayValue ?? []).compactMap { h -> (String, String)? in
                guard let n = h["name"]?.stringValue, let v = h["value"]?.stringValue, !n.hasPrefix(":") else { return nil }
                return (n, v)
            }
            switch try recorder.record(StubRequest(method: method, url: target, headers: headers, body: requestBody),
                                       RecordedResponse(status: status, headers: resHeaders, body: body)) {
            case .written: summary.written += 1
            case .duplicate: summary.duplicates += 1
            case .scenarioStep: summary.scenarioSteps += 1
            }
        }
        return summary
    }
}
