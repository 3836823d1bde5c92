import CartoCore
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import NIOHTTP1

/// Answers stub requests on the event loop, before Hummingbird's per-request task, on connections the wire path
/// (`StubWirePath`) handed over or does not serve (CORS): a request (its body, up to `maxBufferedBody`, gathered
/// here) whose mapping answers at once — from memory or from a cached body file (no delay, fault, proxy or
/// template) — or that no mapping answers (404) is matched, journaled and answered here.
/// Everything else (admin API, events, large or chunked bodies, delays, faults, proxies, templates, recording)
/// goes on to the Hummingbird responder, with the body gathered so far. While a forwarded request is being
/// answered, later requests on the connection are forwarded too, so pipelined answers keep their order.
/// It also owns the idle timeout (Hummingbird's would not see the requests answered here or by the wire path, which
/// notes its traffic in the shared `ConnectionState`): a connection with no traffic and no request in progress
/// for `idleTimeout` is closed — slow and stuck clients included.
final class StubFastPath: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let store: StubStore
    private let files: BodyFileCache?
    /// Bodies up to this size are gathered here (JSON and form requests); larger ones stream to the responder.
    static let maxBufferedBody = 64 << 10
    private var body: ByteBuffer?
    private let log: (@Sendable (String) -> Void)?
    private let idleTimeout: TimeAmount?
    private var pending: HTTPRequest?
    private var outstanding = 0
    private let connection: ConnectionState
    private var idleCheck: Scheduled<Void>?

    private let enabled: Bool

    private let bufferLimit: Int

    /// - Parameters:
    ///   - enabled: false while recording (every request goes to the real API); the idle timeout still applies.
    ///   - rawWrites: write ready-made answers straight to the socket (false when a handler such as CORS must see them).
    init(store: StubStore, files: BodyFileCache?, idleTimeout: TimeAmount?, maxBodyBytes: Int, log: (@Sendable (String) -> Void)?,
         enabled: Bool = true, rawWrites: Bool = true, connection: ConnectionState = ConnectionState()) {
        self.store = store
        self.connection = connection
        self.rawWrites = rawWrites
        bufferLimit = min(Self.maxBufferedBody, maxBodyBytes)
        self.files = files
        self.enabled = enabled
        self.idleTimeout = idleTimeout
        self.log = log
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { scheduleIdleCheck(context, at: NIODeadline.now()) }
    }

    func channelActive(context: ChannelHandlerContext) {
        scheduleIdleCheck(context, at: NIODeadline.now())
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { idleCheck?.cancel() }

    func channelInactive(context: ChannelHandlerContext) {
        idleCheck?.cancel()
        context.fireChannelInactive()
    }

    private func scheduleIdleCheck(_ context: ChannelHandlerContext, at from: NIODeadline) {
        guard let idleTimeout, idleCheck == nil else { return }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        idleCheck = context.eventLoop.scheduleTask(deadline: from + idleTimeout) {
            let (handler, context) = bound.value
            handler.idleCheck = nil
            if handler.outstanding > 0 || handler.pending != nil {
                handler.scheduleIdleCheck(context, at: NIODeadline.now())  // a request is being answered
            } else if NIODeadline.now() - handler.connection.lastActivity >= idleTimeout {
                context.close(promise: nil)
            } else {
                handler.scheduleIdleCheck(context, at: handler.connection.lastActivity)
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.lastActivity = NIODeadline.now()
        switch unwrapInboundIn(data) {
        case let .head(head):
            if enabled, outstanding == 0, isCandidate(head) {
                pending = head
                return
            }
            forward(head: head, context: context)
        case var .body(part):
            guard pending != nil else { context.fireChannelRead(data); return }
            if body == nil { body = part } else { body!.writeBuffer(&part) }
        case .end:
            guard let head = pending else { context.fireChannelRead(data); return }
            pending = nil
            let gathered = body
            body = nil
            if !answer(head, body: gathered, context: context) {
                forward(head: head, context: context)
                if let gathered { context.fireChannelRead(wrapInboundOut(.body(gathered))) }
                context.fireChannelRead(data)
            }
        }
    }

    private func forward(head: HTTPRequest, context: ChannelHandlerContext) {
        outstanding += 1
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        connection.lastActivity = NIODeadline.now()
        if case .end = unwrapOutboundIn(data), outstanding > 0 { outstanding -= 1 }
        context.write(data, promise: promise)
    }

    /// A body of known, small length (or none), not HEAD (its answer must have no body), and not for the admin
    /// or events endpoints.
    func isCandidate(_ head: HTTPRequest) -> Bool {
        guard head.method != .head, let path = head.path, !path.hasPrefix("/__admin"), !path.hasPrefix("/__carto") else { return false }
        if let length = head.headerFields[.contentLength], (Int(length) ?? Int.max) > bufferLimit { return false }
        // A client that waits for 100 Continue before sending its body goes to the responder, which sends it.
        return head.headerFields[.transferEncoding] == nil && head.headerFields[.expect] == nil
    }

    /// The context writes go through to reach the socket without the HTTP encoders (nil when CORS or another
    /// handler must see the answer: then the parts go through the pipeline).
    private var socketContextLookedUp = false
    private var socketContextValue: ChannelHandlerContext?
    let rawWrites: Bool

    private func socketContext(_ context: ChannelHandlerContext) -> ChannelHandlerContext? {
        guard rawWrites else { return nil }
        if !socketContextLookedUp {
            socketContextLookedUp = true
            socketContextValue = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
        }
        return socketContextValue
    }

    private func answer(_ head: HTTPRequest, body: ByteBuffer?, context: ChannelHandlerContext) -> Bool {
        let request = StubRequest(method: head.method.rawValue, url: head.path ?? "/",
                                  headers: StubRequest.headers(head), body: body.map { Array($0.readableBytesView) } ?? [],
                                  clientAddress: connection.clientAddress(context.channel))
        guard let decision = store.decideIfReady(request, cache: &connection.snapshot) else { return false }
        if let socket = socketContext(context) {
            // The answer as bytes straight to the socket, past the HTTPTypes codec and NIO's encoder (measured in the
            // README).
            let bytes = StubAnswer.wireBytes(for: decision, request: request, store: store, files: files, date: connection.dates.now(),
                                             allocator: context.channel.allocator, log: log)
            socket.writeAndFlush(NIOAny(IOData.byteBuffer(bytes)), promise: nil)
            if request.headerValues("Connection").first?.lowercased() == "close" { context.close(promise: nil) }
            return true
        }
        let response = StubAnswer.response(for: decision, request: request, log: log, fileBody: { [files] in files?.bytes($0) })
        if response.status.code == 500, decision.entry != nil { store.recordStatus(500, for: decision) }  // a missing body file
        var fields = response.headers
        fields[.date] = connection.dates.now()
        if fields[.contentLength] == nil { fields[.contentLength] = String(response.body.readableBytes) }
        context.write(wrapOutboundOut(.head(HTTPResponse(status: response.status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(response.body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        if head.headerFields[.connection]?.lowercased() == "close" { context.close(promise: nil) }
        return true
    }
}

/// What a connection's two fast paths share, on its event loop: when it last saw traffic (`StubFastPath` closes it
/// when idle too long), the client's address (looked up once: formatting it costs), the Date header and the
/// store's snapshot (kept while the mappings do not change).
final class ConnectionState: @unchecked Sendable {  // touched only on the connection's event loop
    var lastActivity = NIODeadline.now()
    var dates = DateHeaderCache()
    var snapshot: StubStore.Snapshot?
    private var address: String??

    init() {}

    func clientAddress(_ channel: any Channel) -> String? {
        if address == nil { address = .some(channel.remoteAddress?.ipAddress) }
        return address!
    }
}

/// The Date header, formatted at most once a second per connection: the shared formatter's lock is then almost
/// never contended between event loops.
struct DateHeaderCache {
    private var second = 0
    private var text = ""

    mutating func now() -> String {
        let s = Int(Date().timeIntervalSince1970)
        if s != second { second = s; text = HTTPDate.now() }
        return text
    }
}

/// The `Date` header value, formatted once per second.
enum HTTPDate {
    nonisolated(unsafe) private static var cached: (second: Int, text: String) = (0, "")
    private static let lock = NSLock()
    private static let formatter: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return f
    }()

    static func now() -> String {
        let second = Int(Date().timeIntervalSince1970)
        return lock.withLock {
            if cached.second != second { cached = (second, formatter.string(from: Date(timeIntervalSince1970: Double(second)))) }
            return cached.text
        }
    }
}
