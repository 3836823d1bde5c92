import Foundation

/// Ctrl-C / SIGTERM handled on a background queue (the work goes on on the caller's thread): the handler learns
/// whether this is the first signal (stop gracefully) or a later one (stop now).
public final class SignalForwarder: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private var count = 0
    private let lock = NSLock()

    public init(_ handler: @escaping @Sendable (_ first: Bool) -> Void) {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in
                let first = lock.withLock { count += 1; return count == 1 }
                handler(first)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops forwarding; the signals get their default action back.
    public func cancel() {
        sources.forEach { $0.cancel() }
        for sig in [SIGINT, SIGTERM] { signal(sig, SIG_DFL) }
    }
}
