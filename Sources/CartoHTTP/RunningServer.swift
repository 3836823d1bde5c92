import CartoCore
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// A Hummingbird application running as a service in its own task: started with its port known (or a clear error
/// naming the address), stopped gracefully. The one way our servers run — `carto stub`, `carto usage serve` and the
/// loopback sites and fakes the browser and tests are served from.
public final class RunningServer: @unchecked Sendable {
    public let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, Never>

    private init(port: Int, group: ServiceGroup, task: Task<Void, Never>) {
        self.port = port
        self.group = group
        self.task = task
    }

    /// Builds the application with the callback it must pass as `onServerRunning`, runs it, and returns once it
    /// listens. `what` names the server in errors ("carto stub").
    public static func start<App: ApplicationProtocol>(
        _ what: String, host: String, port: Int,
        _ make: (_ onServerRunning: @escaping @Sendable (any Channel) async -> Void) -> App
    ) async throws -> RunningServer {
        let started = StartSignal()
        let app = make { channel in started.resolve(.success(channel.localAddress?.port ?? 0)) }
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: quietLogger))
        let task = Task {
            do {
                try await group.run()
                started.resolve(.failure(CartoError("\(what): the server stopped before it started")))
            } catch {
                started.resolve(.failure(CartoError("cannot listen on \(host):\(port) (\(StartSignal.describe(error))); pick another --port or stop what uses it")))
            }
        }
        let bound = try await started.value()
        return RunningServer(port: bound, group: group, task: task)
    }

    /// Stops accepting and lets requests in flight finish; `waitUntilStopped` returns once they did.
    public func triggerShutdown() async { await group.triggerGracefulShutdown() }

    public func stop() async {
        await triggerShutdown()
        await waitUntilStopped()
    }

    public func waitUntilStopped() async { await task.value }

    /// Our servers report through their own `log` callbacks; Hummingbird's logger only for the critical.
    public static var quietLogger: Logger {
        var logger = Logger(label: "carto.http")
        logger.logLevel = .critical
        return logger
    }
}
