import CartoCore
import CartoProbe
import Foundation

/// A line of a log that could not be used: reported with file and line, then skipped.
public struct LogProblem: Sendable, Equatable, CustomStringConvertible, Codable {
    public var file: String
    /// 0 when the whole file could not be read.
    public var line: Int
    public var message: String
    public var description: String { line == 0 ? "\(file): \(message); file skipped" : "\(file):\(line): \(message); line skipped" }
}

/// Reads `carto.interaction/1` JSON Lines. Bad lines (not JSON, cut off by a crash, missing required fields, a newer
/// schema) become `LogProblem`s and the rest of the file is still read.
public enum InteractionLogReader {
    public struct Result: Sendable {
        public var events: [InteractionEvent]
        public var problems: [LogProblem]
    }

    public static func read(_ url: URL) throws -> Result {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw CartoError("\(url.path): cannot read the log (\(error.localizedDescription)); check the path and permissions")
        }
        return parse(data, name: url.path)
    }

    public static func parse(_ data: Data, name: String) -> Result {
        var events: [InteractionEvent] = []
        var problems: [LogProblem] = []
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0, lineNumber = 0
            while start < bytes.count {
                lineNumber += 1
                var end = start
                while end < bytes.count, bytes[end] != 10 { end += 1 }
                let endsWithNewline = end < bytes.count
                var last = end
                if last > start, bytes[last - 1] == 13 { last -= 1 }   // CRLF
                defer { start = end + 1 }
                guard last > start else { continue }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<last])
                do throws(InteractionLineParser.Failure) {
                    let event = try InteractionLineParser.parse(line)
                    guard event.v <= InteractionEvent.schemaVersion else {
                        problems.append(LogProblem(file: name, line: lineNumber, message: "schema version \(event.v) is newer than this carto reads (\(InteractionEvent.schemaVersion)); update carto"))
                        continue
                    }
                    guard !event.session.isEmpty, !event.name.isEmpty, event.seq >= 0, event.ts.isFinite else {
                        problems.append(LogProblem(file: name, line: lineNumber, message: "empty session or name, or a negative seq"))
                        continue
                    }
                    events.append(event)
                } catch {
                    problems.append(LogProblem(file: name, line: lineNumber, message: describe(error, truncated: !endsWithNewline)))
                }
            }
        }
        return Result(events: events, problems: problems)
    }

    private static func describe(_ error: InteractionLineParser.Failure, truncated: Bool) -> String {
        switch error {
        case .missing(let key): return "required field \"\(key)\" is missing"
        case .wrongType(let key): return "field \"\(key)\" has the wrong type"
        case .syntax: return truncated ? "the line is cut off (the app stopped while writing?)" : "not a JSON object"
        }
    }
}
