import CartoCore
import Foundation
import NIOCore
import Synchronization

/// The server's state: mappings (from files and from the admin API), scenario states and the request journal.
/// Thread-safe. A request whose candidates take part in no scenario is matched against a snapshot and takes the
/// lock only to journal itself; otherwise matching, the scenario step and the journal entry are one step under it.
public final class StubStore: @unchecked Sendable {
    /// What matching decided for one request.
    public struct Decision: Sendable {
        /// The chosen mapping as the store holds it (a reference: no copy of the mapping per request).
        let entry: ActiveMapping?
        public var mapping: StubMapping? { entry?.mapping }
        let journalNumber: UInt64
        var journalSlot: Int
        /// For an unmatched request: the nearest mapping and why it missed.
        public var nearMiss: (mapping: StubMapping, misses: [String])?
    }

    /// A mapping in matching order with what is worked out once per mapping change: its ready-made answer and
    /// whether the event loop may answer it.
    final class ActiveMapping: Sendable {
        let mapping: StubMapping
        let prepared: PreparedResponse?
        let answersAtOnce: Bool
        /// For a plain body-file mapping: its status line and headers, ready for the event loop.
        let fileAnswerHead: ByteBuffer?
        /// The status the journal records (nil for faults and proxies, whose answer is not known yet).
        let loggedStatus: Int?

        init(_ mapping: StubMapping, globalTemplating: Bool) {
            self.mapping = mapping
            prepared = StubAnswer.prepare(mapping, globalTemplating: globalTemplating)
            let plainFile = StubAnswer.isPlainFile(mapping, globalTemplating: globalTemplating)
            answersAtOnce = prepared != nil || plainFile
            fileAnswerHead = plainFile ? StubAnswer.fileAnswerHead(mapping) : nil
            loggedStatus = mapping.response.fault == nil && mapping.response.proxy == nil ? mapping.response.status : nil
        }
    }

    private let lock = NSLock()
    private var fileMappings: [StubMapping] = []
    private var apiMappings: [StubMapping] = []
    private var removedFileMappingIDs: Set<String> = []
    private var active: [StubMapping] = []  // sorted: priority, then newest first
    /// The mappings in matching order with their index, as one immutable value: matched under the lock and,
    /// for requests matched outside it, handed out to event loops.
    private var snapshot = Snapshot(entries: [], index: MappingIndex([]), generation: 0)
    /// Bumped whenever the mappings change; event loops keep their snapshot while it stays the same, so the
    /// common request takes the lock only to journal itself.
    private let generation = Atomic<Int>(0)

    /// The mappings in matching order and their index, as of one mapping change.
    final class Snapshot: Sendable {
        let entries: [ActiveMapping]
        let index: MappingIndex
        let generation: Int
        init(entries: [ActiveMapping], index: MappingIndex, generation: Int) {
            self.entries = entries
            self.index = index
            self.generation = generation
        }
    }

    /// The current snapshot, reusing `cached` while no mapping changed (an atomic load, no lock).
    func snapshot(reusing cached: Snapshot?) -> Snapshot {
        if let cached, cached.generation == generation.load(ordering: .acquiring) { return cached }
        return lock.withLock { snapshot }
    }
    private var sequence: [String: Int] = [:]
    private var nextSequence = 0
    private var scenarios: [String: String] = [:]
    private var journal: RequestJournal
    private let journalIDs = JournalIDs()

    /// Every response is a template (WireMock's `--global-response-templating`), not only those that ask.
    public let globalTemplating: Bool

    public init(mappings: [StubMapping] = [], journalLimit: Int = 10_000, globalTemplating: Bool = false) {
        journal = RequestJournal(limit: journalLimit)
        self.globalTemplating = globalTemplating
        replaceFileMappings(mappings)
    }

    // MARK: Mappings

    /// Installs the mappings read from the root folder (startup and reloads); API-added ones stay.
    public func replaceFileMappings(_ mappings: [StubMapping]) {
        lock.withLock {
            fileMappings = mappings
            for m in mappings where sequence[m.id] == nil { sequence[m.id] = bump() }
            rebuild()
        }
    }

    public func add(_ mapping: StubMapping) {
        lock.withLock {
            apiMappings.removeAll { $0.id == mapping.id }
            apiMappings.append(mapping)
            sequence[mapping.id] = bump()
            rebuild()
        }
    }

    /// Replaces the mapping with this id; false when there is none.
    @discardableResult
    public func replace(_ mapping: StubMapping) -> Bool {
        lock.withLock {
            guard active.contains(where: { $0.id == mapping.id }) else { return false }
            if let i = apiMappings.firstIndex(where: { $0.id == mapping.id }) { apiMappings[i] = mapping } else {
                removedFileMappingIDs.insert(mapping.id)
                apiMappings.append(mapping)
            }
            rebuild()
            return true
        }
    }

    @discardableResult
    public func remove(id: String) -> Bool {
        lock.withLock {
            guard active.contains(where: { $0.id == id }) else { return false }
            apiMappings.removeAll { $0.id == id }
            if fileMappings.contains(where: { $0.id == id }) { removedFileMappingIDs.insert(id) }
            rebuild()
            return true
        }
    }

    /// Removes every mapping (WireMock's DELETE /__admin/mappings).
    public func removeAll() {
        lock.withLock {
            apiMappings = []
            removedFileMappingIDs = Set(fileMappings.map(\.id))
            rebuild()
        }
    }

    /// Back to the mappings the files define (WireMock's POST /__admin/mappings/reset).
    public func resetMappings() {
        lock.withLock {
            apiMappings = []
            removedFileMappingIDs = []
            rebuild()
        }
    }

    public var mappings: [StubMapping] { lock.withLock { active } }

    public func mapping(id: String) -> StubMapping? { lock.withLock { active.first { $0.id == id } } }

    private func bump() -> Int { nextSequence += 1; return nextSequence }

    private func rebuild() {
        let all = fileMappings.filter { !removedFileMappingIDs.contains($0.id) } + apiMappings
        active = all.sorted { a, b in
            if a.priority != b.priority { return a.priority < b.priority }
            return (sequence[a.id] ?? 0) > (sequence[b.id] ?? 0)
        }
        let next = generation.load(ordering: .relaxed) + 1
        snapshot = Snapshot(entries: active.map { ActiveMapping($0, globalTemplating: globalTemplating) }, index: MappingIndex(active), generation: next)
        generation.store(next, ordering: .releasing)
        for m in active { if let s = m.scenarioName, scenarios[s] == nil { scenarios[s] = StubMapping.startedState } }
    }

    // MARK: Matching

    /// Finds the mapping for a request, advances its scenario and logs the request — one step under the lock,
    /// so concurrent requests in a scenario see its states in order.
    public func decide(_ request: StubRequest, date: Date = Date()) -> Decision {
        decide(request, input: MatchInput(request), date: date, onlyReady: false)!
    }

    /// Like `decide`, but only for a request that is answered at once: unmatched, or by a mapping with a
    /// ready-made answer. Otherwise nothing happens (no scenario step, no journal entry) and the result is nil.
    /// - Parameter cache: the caller's snapshot (an event loop's), refreshed here when the mappings changed.
    func decideIfReady(_ request: StubRequest, date: Date = Date(), cache: inout Snapshot?) -> Decision? {
        // Matched outside the lock against a snapshot when no candidate takes part in a scenario (scenario steps
        // stay one step under the lock) and a mapping answers; the lock is then held only to journal the request.
        let snap = snapshot(reusing: cache)
        cache = snap
        let input = MatchInput(request)
        let candidates = snap.index.candidates(path: request.path, url: request.url)
        if !candidates.contains(where: { snap.entries[$0].mapping.scenarioName != nil }),
           let chosen = candidates.lazy.map({ snap.entries[$0] }).first(where: { $0.mapping.request.matches(input) }) {
            guard chosen.answersAtOnce else { return nil }
            let number = journalIDs.next()
            let logged = LoggedRequest(number: number, prefix: journalIDs.prefix, request: request, loggedDate: date,
                                       matchedMappingID: chosen.mapping.id, responseStatus: chosen.loggedStatus)
            let slot = lock.withLock { journal.append(logged) }
            return Decision(entry: chosen, journalNumber: number, journalSlot: slot, nearMiss: nil)
        }
        // Unmatched, or a scenario takes part: under the lock, with what the input already worked out.
        return decide(request, input: input, date: date, onlyReady: true)
    }

    private func decide(_ request: StubRequest, input: MatchInput, date: Date, onlyReady: Bool) -> Decision? {
        let number = journalIDs.next()
        return lock.withLock {
            var chosen: ActiveMapping?
            for rank in snapshot.index.candidates(path: request.path, url: request.url) {
                let e = snapshot.entries[rank]
                if let s = e.mapping.scenarioName, let required = e.mapping.requiredScenarioState,
                   scenarios[s, default: StubMapping.startedState] != required { continue }
                if e.mapping.request.matches(input) { chosen = e; break }
            }
            if onlyReady, let chosen, !chosen.answersAtOnce { return nil }
            if let m = chosen?.mapping, let s = m.scenarioName, let next = m.newScenarioState { scenarios[s] = next }
            // The status the mapping will answer with; faults have none, a missing body file is corrected later.
            let status = chosen.map(\.loggedStatus) ?? 404
            let slot = journal.append(LoggedRequest(number: number, prefix: journalIDs.prefix, request: request, loggedDate: date,
                                                    matchedMappingID: chosen?.mapping.id, responseStatus: status))
            var nearMiss: (StubMapping, [String])?
            if chosen == nil {
                var best = Double.infinity
                for m in active {
                    var e = m.request.evaluate(input)
                    if let s = m.scenarioName, let required = m.requiredScenarioState {
                        let state = scenarios[s, default: StubMapping.startedState]
                        if state != required {
                            e.misses.append("scenario \"\(s)\" is in state \"\(state)\", this mapping needs \"\(required)\"")
                            e.distance += 0.5
                        }
                    }
                    if e.distance < best { best = e.distance; nearMiss = (m, e.misses) }
                }
            }
            return Decision(entry: chosen, journalNumber: number, journalSlot: slot, nearMiss: nearMiss)
        }
    }

    /// Corrects the status a logged request was answered with (a body file that went missing).
    public func recordStatus(_ status: Int, for decision: Decision) {
        lock.withLock { journal.update(slot: decision.journalSlot, number: decision.journalNumber, status: status) }
    }

    // MARK: Journal

    public var requests: [LoggedRequest] { lock.withLock { journal.ordered } }

    public func requests(matching pattern: RequestPattern) -> [LoggedRequest] {
        lock.withLock { journal.ordered.filter { pattern.matches($0.request) } }
    }

    public var unmatchedRequests: [LoggedRequest] { lock.withLock { journal.ordered.filter { !$0.wasMatched } } }

    public func clearJournal() { lock.withLock { journal.removeAll() } }

    // MARK: Scenarios

    public var scenarioStates: [(name: String, state: String)] {
        lock.withLock { scenarios.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    public func resetScenarios() {
        lock.withLock { for k in scenarios.keys { scenarios[k] = StubMapping.startedState } }
    }

    public func setScenario(_ name: String, state: String) -> Bool {
        lock.withLock {
            guard scenarios[name] != nil else { return false }
            scenarios[name] = state
            return true
        }
    }

    /// Mappings back to the files, journal cleared, scenarios at `Started`.
    public func resetAll() {
        lock.withLock {
            apiMappings = []
            removedFileMappingIDs = []
            scenarios = [:]
            rebuild()
            journal.removeAll()
        }
    }
}

/// Journal ids shaped like UUIDs (clients expect that) without a random draw and a formatted print per
/// request: a random prefix per server and a counter, formatted only when the journal is read.
final class JournalIDs: Sendable {
    let prefix = String(UUID().uuidString.lowercased().prefix(24))
    private let counter = Atomic<UInt64>(0)

    func next() -> UInt64 { counter.add(1, ordering: .relaxed).newValue }

    static func format(prefix: String, _ n: UInt64) -> String {
        let hex = String(n, radix: 16)
        return prefix + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }
}
