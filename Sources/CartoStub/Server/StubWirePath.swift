import NIOCore

/// The first handler of a stub connection: answers plain requests straight from the received bytes, before NIO's
/// HTTP decoder, when the store can answer them at once (a ready-made or cached body-file answer, or a 404).
///
/// `WireRequestScanner` reads each head; what it declines — and every request a mapping cannot answer at once
/// (delays, faults, proxies, templates), admin and event endpoints, HEAD — switches the connection to pass-through
/// for good: that request's bytes and all later ones go on to NIO's decoder and the rest of the pipeline
/// (`StubFastPath`, then Hummingbird) exactly as if this handler were not there. Answers leave in request order:
/// the ones written here precede anything the pipeline answers afterwards.
/// Why it exists: measured in Benchmarks/README.md (issue 15's simplest rows).
final class StubWirePath: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let store: StubStore
    private let files: BodyFileCache?
    private let maxBody: Int
    private let log: (@Sendable (String) -> Void)?
    private let connection: ConnectionState
    /// Received bytes of a request not complete yet.
    private var buffered: ByteBuffer?
    private var passThrough = false
    private var unflushed = false

    /// - Parameter maxBody: bodies up to this size are gathered here; larger ones go to the pipeline.
    init(store: StubStore, files: BodyFileCache?, maxBody: Int, connection: ConnectionState, log: (@Sendable (String) -> Void)?) {
        self.store = store
        self.files = files
        self.maxBody = maxBody
        self.connection = connection
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if passThrough { context.fireChannelRead(data); return }
        connection.lastActivity = NIODeadline.now()
        var bytes = unwrapInboundIn(data)
        if var earlier = buffered {
            buffered = nil
            earlier.writeBuffer(&bytes)
            bytes = earlier
        }
        while bytes.readableBytes > 0 {
            let scanned = bytes.withUnsafeReadableBytes { WireRequestScanner.scan($0, maxBody: maxBody) }
            switch scanned {
            case .incomplete:
                buffered = bytes
                return
            case .declined:
                passOn(bytes, context: context)
                return
            case let .complete(head):
                guard isOurs(head) else { passOn(bytes, context: context); return }
                let total = head.headLength + head.contentLength
                guard bytes.readableBytes >= total else { buffered = bytes; return }
                let body = head.contentLength == 0 ? [] : bytes.getBytes(at: bytes.readerIndex + head.headLength, length: head.contentLength) ?? []
                let request = StubRequest(method: head.method, url: head.target, headers: head.headers, body: body,
                                          clientAddress: connection.clientAddress(context.channel))
                guard let decision = store.decideIfReady(request, cache: &connection.snapshot) else {
                    passOn(bytes, context: context)  // nothing was recorded: the pipeline answers it
                    return
                }
                bytes.moveReaderIndex(forwardBy: total)
                let answer = StubAnswer.wireBytes(for: decision, request: request, store: store, files: files, date: connection.dates.now(),
                                                  allocator: context.channel.allocator, log: log)
                context.write(NIOAny(answer), promise: nil)
                unflushed = true
                if head.closeAfter {
                    flush(context)
                    context.close(promise: nil)
                    return
                }
            }
        }
    }

    /// Not the admin API or the event endpoints, which only the responder serves.
    private func isOurs(_ head: WireRequestScanner.Head) -> Bool {
        !head.target.hasPrefix("/__admin") && !head.target.hasPrefix("/__carto")
    }

    /// From here on the connection is the pipeline's: the bytes of the request in hand and all later ones.
    private func passOn(_ bytes: ByteBuffer, context: ChannelHandlerContext) {
        flush(context)
        passThrough = true
        context.fireChannelRead(wrapInboundOut(bytes))
    }

    private func flush(_ context: ChannelHandlerContext) {
        if unflushed { unflushed = false; context.flush() }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flush(context)
        if passThrough { context.fireChannelReadComplete() }
    }

    /// A half-close or a closed connection with part of a request in hand: the decoder gets the part first, so it
    /// reacts as it did before this handler.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        handOverBuffered(context)
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        handOverBuffered(context)
        context.fireChannelInactive()
    }

    private func handOverBuffered(_ context: ChannelHandlerContext) {
        guard !passThrough, let bytes = buffered else { return }
        buffered = nil
        passOn(bytes, context: context)
        context.fireChannelReadComplete()
    }
}
