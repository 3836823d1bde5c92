import CartoCore
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes
import NIOHTTP1

/// Answers stub requests on the event loop, before Hummingbird's per-request task: a request (its body, up to
/// `maxBufferedBody`, gathered here) whose mapping answers at once — from memory or from a cached body file (no
/// delay, fault, proxy or template) — or that no mapping answers (404) is matched, journaled and answered here.
/// Everything else (admin API, events, large or chunked bodies, delays, faults, proxies, templates, recording)
/// goes on to the Hummingbird responder, with the body gathered so far. While a forwarded request is being
/// answered, later requests on the connection are forwarded too, so pipelined answers keep their order.
/// It also owns the idle timeout (Hummingbird's would not see the requests answered here): a connection with
/// no traffic and no request in progress for `idleTimeout` is closed — slow and stuck clients included.
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
    private var lastActivity = NIODeadline.now()
    private var idleCheck: Scheduled<Void>?
    private var clientAddress: String?  // looked up once per connection (formatting it costs)
    private var clientAddressKnown = false

    private let enabled: Bool

    private let bufferLimit: Int

    /// - Parameters:
    ///   - enabled: false while recording (every request goes to the real API); the idle timeout still applies.
    ///   - rawWrites: write ready-made answers straight to the socket (false when a handler such as CORS must see them).
    init(store: StubStore, files: BodyFileCache?, idleTimeout: TimeAmount?, maxBodyBytes: Int, log: (@Sendable (String) -> Void)?,
         enabled: Bool = true, rawWrites: Bool = true) {
        self.store = store
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
            } else if NIODeadline.now() - handler.lastActivity >= idleTimeout {
                context.close(promise: nil)
            } else {
                handler.scheduleIdleCheck(context, at: handler.lastActivity)
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActivity = NIODeadline.now()
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
        lastActivity = NIODeadline.now()
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
    private var snapshot: StubStore.Snapshot?  // the store's mappings, kept while they do not change
    let rawWrites: Bool

    private func socketContext(_ context: ChannelHandlerContext) -> ChannelHandlerContext? {
        guard rawWrites else { return nil }
        if !socketContextLookedUp {
            socketContextLookedUp = true
            socketContextValue = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
        }
        return socketContextValue
    }

    /// One answer as bytes in one buffer: `head` (ending in `Date: `), the date, then what `rest` writes (the end of
    /// the headers and the body); closed afterwards if the client asked.
    private func writeRaw(head: ByteBuffer, bodySize: Int, to socket: ChannelHandlerContext, request: StubRequest,
                          context: ChannelHandlerContext, rest: (inout ByteBuffer) -> Void) {
        var head = head
        var out = context.channel.allocator.buffer(capacity: head.readableBytes + bodySize + 32)
        out.writeBuffer(&head)
        out.writeString(date())
        rest(&out)
        socket.writeAndFlush(NIOAny(IOData.byteBuffer(out)), promise: nil)
        if request.headerValues("Connection").first?.lowercased() == "close" { context.close(promise: nil) }
    }

    /// The Date header, formatted at most once a second per connection: the shared formatter's lock is then
    /// almost never contended between event loops.
    private var dateCache: (second: Int, text: String) = (0, "")
    private func date() -> String {
        let second = Int(Date().timeIntervalSince1970)
        if dateCache.second != second { dateCache = (second, HTTPDate.now()) }
        return dateCache.text
    }

    private func peer(_ context: ChannelHandlerContext) -> String? {
        if !clientAddressKnown { clientAddress = context.channel.remoteAddress?.ipAddress; clientAddressKnown = true }
        return clientAddress
    }

    private func answer(_ head: HTTPRequest, body: ByteBuffer?, context: ChannelHandlerContext) -> Bool {
        let request = StubRequest(method: head.method.rawValue, url: head.path ?? "/",
                                  headers: StubRequest.headers(head), body: body.map { Array($0.readableBytesView) } ?? [],
                                  clientAddress: peer(context))
        guard let decision = store.decideIfReady(request, cache: &snapshot) else { return false }
        if let socket = socketContext(context), let entry = decision.entry {
            // Ready-made bytes straight to the socket, past the HTTPTypes codec and NIO's encoder (measured in the
            // README): a prepared answer, or a body file from the cache framed here.
            if let prepared = entry.prepared {
                var tail = prepared.encodedTail
                writeRaw(head: prepared.encodedHead, bodySize: tail.readableBytes, to: socket, request: request, context: context) { $0.writeBuffer(&tail) }
                return true
            }
            if let fileHead = entry.fileAnswerHead, case let .file(name) = entry.mapping.response.body, let bytes = files?.bytes(name) {
                writeRaw(head: fileHead, bodySize: bytes.count + 40, to: socket, request: request, context: context) {
                    $0.writeString("\r\nContent-Length: \(bytes.count)\r\n\r\n")
                    $0.writeBytes(bytes)
                }
                return true
            }
        }
        let response = StubAnswer.response(for: decision, request: request, log: log, fileBody: { [files] in files?.bytes($0) })
        if response.status.code == 500, decision.entry != nil { store.recordStatus(500, for: decision) }  // a missing body file
        var fields = response.headers
        fields[.date] = date()
        if fields[.contentLength] == nil { fields[.contentLength] = String(response.body.readableBytes) }
        context.write(wrapOutboundOut(.head(HTTPResponse(status: response.status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(response.body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        if head.headerFields[.connection]?.lowercased() == "close" { context.close(promise: nil) }
        return true
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
