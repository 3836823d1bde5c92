import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import HTTPTypes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// WireMock's `fault` responses happen below HTTP: the responder marks the response head with this header
/// and this handler, sitting just after the HTTP codec, replaces the response with the broken connection asked for.
final class FaultHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    static let headerName = HTTPField.Name("x-carto-fault")!
    private var faulted = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if faulted { promise?.fail(ChannelError.ioOnClosedChannel); return }
        if case let .head(head) = unwrapOutboundIn(data), let name = head.headerFields[Self.headerName],
           let fault = ResponseDefinition.Fault(rawValue: name) {
            faulted = true
            promise?.fail(ChannelError.ioOnClosedChannel)
            apply(fault, context: context)
            return
        }
        context.write(data, promise: promise)
    }

    private func apply(_ fault: ResponseDefinition.Fault, context: ChannelHandlerContext) {
        switch fault {
        case .emptyResponse:
            context.close(promise: nil)
        case .connectionResetByPeer:
            // SO_LINGER with a zero timeout makes close() send RST instead of FIN.
            if let provider = context.channel as? any SocketOptionProvider {
                let channel = context.channel
                provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
            } else {
                context.close(promise: nil)
            }
        case .randomDataThenClose:
            var bytes = [UInt8](repeating: 0, count: 64)
            for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255) }
            writeRaw(bytes, context: context)
        case .malformedResponseChunk:
            writeRaw(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nlskdu018973t09sylgasjkfg1][]'./.sdlv".utf8), context: context)
        }
    }

    /// Writes bytes straight to the socket, under the HTTP encoder, then closes.
    private func writeRaw(_ bytes: [UInt8], context: ChannelHandlerContext) {
        guard let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self) else {
            context.close(promise: nil)
            return
        }
        let buffer = context.channel.allocator.buffer(bytes: bytes)
        let channel = context.channel
        encoder.writeAndFlush(NIOAny(IOData.byteBuffer(buffer))).whenComplete { _ in channel.close(promise: nil) }
    }
}
