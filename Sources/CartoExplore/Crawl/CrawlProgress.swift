import CartoCore
import CartoDrivers
import Foundation

/// Everything a crawl knows, in a form that can be saved after every event and loaded to resume.
public struct CrawlProgress: Codable, Sendable {
    public struct StateRecord: Codable, Sendable {
        public var signature: StateSignature
        public var snapshot: UISnapshot
        public var depth: Int
        public var events: [CrawlEvent]
        public var fired: Set<Int>
        public var unreachable: Bool
        public var screenshot: String?
        /// The state's abstract identity (nil in progress saved before abstractions existed).
        public var abstract: AbstractState?
        public var hasWork: Bool { !unreachable && fired.count < events.count }
    }

    public struct EdgeRecord: Codable, Sendable {
        public var from: Int
        public var to: Int
        public var event: CrawlEvent
        public var kind: String
    }

    public var states: [StateRecord] = []
    public var edges: [EdgeRecord] = []
    public var failures: [CrawlModel.Failure] = []
    public var eventsFired = 0
    public var totalStates = 0
    /// Exploration seconds spent by earlier runs (a resumed crawl adds its own).
    public var elapsedBefore = 0.0
    public var stopReason: String?
    public init() {}
}

/// Where a crawl's results go while it runs. The file-backed implementation is `CrawlOutput`.
public protocol CrawlSink: AnyObject {
    func stateDiscovered(id: Int, record: CrawlProgress.StateRecord, screenshot: Data?) throws -> String?
    func log(_ entry: CrawlLogEntry)
    /// Called after every event with the whole progress; implementations persist what changed.
    func checkpoint(_ progress: CrawlProgress, changedStates: [Int]) throws
}
