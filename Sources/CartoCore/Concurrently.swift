import Foundation

/// Runs `body` on another thread (or inline when `parallel` is false); `value` waits for the result.
/// For overlapping two independent pieces of work on the machine's second core.
public final class Concurrently<T>: @unchecked Sendable {
    private var result: T?
    private let group = DispatchGroup()

    public init(_ parallel: Bool, _ body: @escaping @Sendable () -> T) {
        if parallel {
            group.enter()
            Thread.detachNewThread { [self] in
                result = body()
                group.leave()
            }
        } else {
            result = body()
        }
    }

    public var value: T {
        group.wait()
        return result!
    }
}
