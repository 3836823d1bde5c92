import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// `--cors`: lets a web app served from another origin call the stubs and post events. Preflight requests
/// (OPTIONS with Access-Control-Request-Method) are answered here with 204; every other answer gets
/// Access-Control-Allow-Origin for the request's Origin. Sits next to the codec so it sees the answers of
/// both the fast path and Hummingbird.
final class CORSHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private static let requestMethod = HTTPField.Name("Access-Control-Request-Method")!
    private static let requestHeaders = HTTPField.Name("Access-Control-Request-Headers")!
    private static let allowOrigin = HTTPField.Name("Access-Control-Allow-Origin")!
    private static let allowMethods = HTTPField.Name("Access-Control-Allow-Methods")!
    private static let allowHeaders = HTTPField.Name("Access-Control-Allow-Headers")!
    private static let exposeHeaders = HTTPField.Name("Access-Control-Expose-Headers")!
    private static let maxAge = HTTPField.Name("Access-Control-Max-Age")!

    /// Origins of requests whose answers are still to be written, in order (pipelining).
    private var origins: [String?] = []
    private var swallowing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head):
            if head.method == .options, head.headerFields[Self.requestMethod] != nil, origins.isEmpty {
                swallowing = true
                var fields = HTTPFields()
                fields[Self.allowOrigin] = head.headerFields[.origin] ?? "*"
                fields[Self.allowMethods] = "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"
                fields[Self.allowHeaders] = head.headerFields[Self.requestHeaders] ?? "*"
                fields[Self.maxAge] = "600"
                fields[.vary] = "Origin"
                fields[.contentLength] = "0"
                context.write(wrapOutboundOut(.head(HTTPResponse(status: .noContent, headerFields: fields))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                return
            }
            swallowing = false
            origins.append(head.headerFields[.origin])
            context.fireChannelRead(data)
        case .body, .end:
            if !swallowing { context.fireChannelRead(data) }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case var .head(response) where response.status.kind != .informational:
            let origin = origins.isEmpty ? nil : origins.removeFirst()
            response.headerFields[Self.allowOrigin] = origin ?? "*"
            response.headerFields[Self.exposeHeaders] = "*"
            if origin != nil { response.headerFields[.vary] = "Origin" }
            context.write(wrapOutboundOut(.head(response)), promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }
}
