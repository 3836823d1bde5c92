import CartoCore
import Foundation

/// An event the app under test posted (`screen.appeared` = `Home`, `animation.ended`, …), numbered in order.
public struct AppEvent: Sendable, Equatable {
    public var sequence: Int
    public var name: String
    public var value: JSONValue?
    public var date: Date

    public init(sequence: Int, name: String, value: JSONValue?, date: Date) {
        self.sequence = sequence
        self.name = name
        self.value = value
        self.date = date
    }

    public var json: JSONValue {
        var f: [(String, JSONValue)] = [("sequence", .number(sequence)), ("name", .string(name))]
        if let value { f.append(("value", value)) }
        f.append(("time", .string(ISO8601DateFormatter.withMilliseconds.string(from: date))))
        return .object(f)
    }

    /// `name` or `name=value`, as timeout messages list them.
    public var shortDescription: String { value.map { "\(name)=\($0.text)" } ?? name }

    public func matches(name wanted: String, value wantedValue: String?) -> Bool {
        name == wanted && (wantedValue == nil || value?.text == wantedValue)
    }
}

extension ISO8601DateFormatter {
    nonisolated(unsafe) public static let withMilliseconds: ISO8601DateFormatter = {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f
    }()
}

/// The cross-process version of the thesis' notification broadcasting: the app posts events, tests wait for
/// the one they need exactly as long as it takes. Keeps a journal (the most recent `limit` events); sequence
/// numbers only grow, even across `clear()`, so a waiter's cursor stays meaningful.
public final class EventHub: @unchecked Sendable {
    private struct Waiter {
        var name: String
        var value: String?
        var continuation: CheckedContinuation<AppEvent?, Never>
    }

    private let lock = NSLock()
    private var journal: [AppEvent] = []
    private var lastSequence = 0
    private var waiters: [Int: Waiter] = [:]
    private var subscribers: [Int: AsyncStream<AppEvent>.Continuation] = [:]
    private var nextToken = 0
    private let limit: Int

    public init(limit: Int = 10_000) { self.limit = limit }

    /// The sequence number of the newest event (0 before any): a cursor for "events from now on".
    public var latestSequence: Int { lock.withLock { lastSequence } }

    @discardableResult
    public func post(name: String, value: JSONValue? = nil, date: Date = Date()) -> AppEvent {
        var woken: [CheckedContinuation<AppEvent?, Never>] = []
        var streams: [AsyncStream<AppEvent>.Continuation] = []
        let event: AppEvent = lock.withLock {
            lastSequence += 1
            let e = AppEvent(sequence: lastSequence, name: name, value: value, date: date)
            journal.append(e)
            if journal.count > limit { journal.removeFirst(journal.count - limit) }
            for (token, w) in waiters where e.matches(name: w.name, value: w.value) {
                woken.append(w.continuation)
                waiters[token] = nil
            }
            streams = Array(subscribers.values)
            return e
        }
        for c in woken { c.resume(returning: event) }
        for s in streams { s.yield(event) }
        return event
    }

    public func events(after sequence: Int = 0) -> [AppEvent] {
        lock.withLock { journal.filter { $0.sequence > sequence } }
    }

    public func clear() {
        lock.withLock { journal.removeAll() }
    }

    /// The first event named `name` (and with `value`, when given) numbered after `after`: at once when it is
    /// already in the journal, else as soon as it is posted; nil after `timeout`.
    public func wait(name: String, value: String? = nil, after: Int, timeout: Duration) async -> AppEvent? {
        let token: Int = lock.withLock { nextToken += 1; return nextToken }
        return await withTaskCancellationHandler {
            let event: AppEvent? = await withCheckedContinuation { (c: CheckedContinuation<AppEvent?, Never>) in
                let found: AppEvent? = lock.withLock {
                    if let e = journal.first(where: { $0.sequence > after && $0.matches(name: name, value: value) }) { return e }
                    waiters[token] = Waiter(name: name, value: value, continuation: c)
                    return nil
                }
                if let found { c.resume(returning: found); return }
                Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    self?.expire(token)
                }
            }
            return event
        } onCancel: {
            self.expire(token)
        }
    }

    private func expire(_ token: Int) {
        let w = lock.withLock { waiters.removeValue(forKey: token) }
        w?.continuation.resume(returning: nil)
    }

    /// Ends every stream and answers every waiter (nil), so a server can shut down without waiting on them.
    public func closeListeners() {
        let (ws, ss) = lock.withLock { () -> ([Waiter], [AsyncStream<AppEvent>.Continuation]) in
            defer { waiters = [:]; subscribers = [:] }
            return (Array(waiters.values), Array(subscribers.values))
        }
        ws.forEach { $0.continuation.resume(returning: nil) }
        ss.forEach { $0.finish() }
    }

    /// Every event after `after` and then each new one as it is posted (server-sent events).
    public func stream(after: Int) -> AsyncStream<AppEvent> {
        let (stream, continuation) = AsyncStream<AppEvent>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        let token: Int = lock.withLock {
            nextToken += 1
            for e in journal where e.sequence > after { continuation.yield(e) }
            subscribers[nextToken] = continuation
            return nextToken
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.subscribers.removeValue(forKey: token) }
        }
        return stream
    }
}
