import Foundation

/// A one-shot result `RunningServer.start` awaits: the bound port, or why binding failed.
final class StartSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Int, any Error>?
    private var waiter: CheckedContinuation<Int, any Error>?

    init() {}

    func resolve(_ r: Result<Int, any Error>) {
        let w: CheckedContinuation<Int, any Error>? = lock.withLock {
            guard result == nil else { return nil }
            result = r
            defer { waiter = nil }
            return waiter
        }
        w?.resume(with: r)
    }

    func value() async throws -> Int {
        try await withCheckedThrowingContinuation { c in
            let r: Result<Int, any Error>? = lock.withLock {
                if let result { return result }
                waiter = c
                return nil
            }
            if let r { c.resume(with: r) }
        }
    }

    /// A bind error in words a user acts on.
    static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("Address already in use") || text.contains("EADDRINUSE") || text.contains("errno: 98") { return "address already in use" }
        return text
    }
}
