import Hummingbird
import NIOCore

/// The per-request context: Hummingbird's core storage plus the peer's address for the request journal.
public struct StubContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    // The server enforces its own limit (configurable) and answers 413 itself.
    public var maxUploadSize: Int { Int.max }
}
