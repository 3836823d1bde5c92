import CartoCore
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers plain stub requests on the event loop, before Hummingbird's per-request task: a request without a
/// body whose mapping answers at once from memory (no delay, no fault, no body file) — or that no mapping
/// answers (404) — is matched, journaled and answered here. Everything else (admin API, events, bodies,
/// delays, files, faults, recording) goes on to the Hummingbird responder. While a forwarded request is being
/// answered, later requests on the connection are forwarded too, so pipelined answers keep their order.
/// It also owns the idle timeout (Hummingbird's would not see the requests answered here): a connection with
/// no traffic and no request in progress for `idleTimeout` is closed — slow and stuck clients included.
final class StubFastPath: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let store: StubStore
    private let log: (@Sendable (String) -> Void)?
    private let idleTimeout: TimeAmount?
    private var pending: HTTPRequest?
    private var outstanding = 0
    private var lastActivity = NIODeadline.now()
    private var idleCheck: Scheduled<Void>?
    private var clientAddress: String?  // looked up once per connection (formatting it costs)
    private var clientAddressKnown = false

    private let enabled: Bool

    /// - Parameter enabled: false while recording (every request goes to the real API); the idle timeout still applies.
    init(store: StubStore, idleTimeout: TimeAmount?, log: (@Sendable (String) -> Void)?, enabled: Bool = true) {
        self.store = store
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
            if enabled, outstanding == 0, Self.isCandidate(head) {
                pending = head
                return
            }
            forward(head: head, context: context)
        case .body:
            context.fireChannelRead(data)
        case .end:
            guard let head = pending else { context.fireChannelRead(data); return }
            pending = nil
            if !answer(head, context: context) {
                forward(head: head, context: context)
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

    /// No body, not HEAD (its answer must have no body), and not for the admin or events endpoints.
    static func isCandidate(_ head: HTTPRequest) -> Bool {
        guard head.method != .head, let path = head.path, !path.hasPrefix("/__admin"), !path.hasPrefix("/__carto") else { return false }
        if let length = head.headerFields[.contentLength], length != "0" { return false }
        return head.headerFields[.transferEncoding] == nil
    }

    private func peer(_ context: ChannelHandlerContext) -> String? {
        if !clientAddressKnown { clientAddress = context.channel.remoteAddress?.ipAddress; clientAddressKnown = true }
        return clientAddress
    }

    private func answer(_ head: HTTPRequest, context: ChannelHandlerContext) -> Bool {
        let request = StubRequest(method: head.method.rawValue, url: head.path ?? "/",
                                  headers: StubRequest.headers(head),
                                  clientAddress: peer(context))
        guard let decision = store.decideIfReady(request) else { return false }
        let response = StubAnswer.response(for: decision, request: request, log: log)
        var fields = response.headers
        fields[.date] = HTTPDate.now()
        fields[.contentLength] = String(response.body.readableBytes)
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
