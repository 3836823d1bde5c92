import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app-side helper: posts events (`screen.appeared` = `Home`, `animation.ended`, `scroll.ended`,
/// `url.opened`) to the test's event hub so tests wait exactly as long as needed. Does nothing outside tests
/// (no `CARTO_EVENTS_URL`), so it can stay in a release build. Events leave in the order they were posted.
public final class CartoProbe: @unchecked Sendable {
    /// Well-known event names (free-form names work too).
    public enum Event {
        public static let screenAppeared = "screen.appeared"
        public static let animationEnded = "animation.ended"
        public static let scrollEnded = "scroll.ended"
        public static let urlOpened = "url.opened"
        public static let requestFinished = "request.finished"
    }

    public static let shared = CartoProbe(environment: .current)

    public let environment: CartoLaunchEnvironment
    private let session: URLSession
    private let queue = DispatchQueue(label: "carto.probe")

    public init(environment: CartoLaunchEnvironment) {
        self.environment = environment
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = 5
        session = URLSession(configuration: config)
    }

    public var isActive: Bool { environment.eventsURL != nil }

    /// Posts an event without blocking the caller (the main thread, usually).
    public func post(_ name: String, value: String? = nil) {
        guard isActive else { return }
        queue.async { [self] in
            let done = DispatchSemaphore(value: 0)
            send(name, value: value) { _ in done.signal() }
            done.wait()  // keeps events in order
        }
    }

    /// Posts an event and returns once the hub has it; throws when the hub cannot be reached.
    public func postAndWait(_ name: String, value: String? = nil) async throws {
        guard isActive else { return }
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
            queue.async { [self] in
                let done = DispatchSemaphore(value: 0)
                send(name, value: value) { error in
                    if let error { c.resume(throwing: error) } else { c.resume() }
                    done.signal()
                }
                done.wait()
            }
        }
    }

    /// Blocks until every event posted so far has been sent.
    public func flush() { queue.sync {} }

    private func send(_ name: String, value: String?, completion: @escaping @Sendable ((any Error)?) -> Void) {
        guard let url = environment.eventsURL else { completion(nil); return }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        var body: [String: String] = ["name": name]
        if let value { body["value"] = value }
        request.httpBody = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        session.dataTask(with: request) { _, response, error in
            if let error { completion(error); return }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            completion(status == 201 ? nil : ProbeError(message: "\(url.absoluteString) answered \(status) to event \(name)"))
        }.resume()
    }

    public struct ProbeError: Error, CustomStringConvertible { public var message: String; public var description: String { message } }
}

#if canImport(UIKit)
import UIKit

extension CartoProbe {
    /// Speeds up every animation in the window by the launch environment's factor (the layer speed trick);
    /// call it once the window exists. Not built on Linux.
    @MainActor
    public func applyAnimationSpeed(to window: UIWindow) {
        guard environment.animationSpeed != 1 else { return }
        window.layer.speed = Float(environment.animationSpeed)
        if environment.testMode { UIView.setAnimationsEnabled(environment.animationSpeed < 1000) }
    }

    /// Posts `screen.appeared` for a view controller (call from `viewDidAppear`).
    @MainActor
    public func screenAppeared(_ controller: UIViewController) {
        post(Event.screenAppeared, value: controller.title ?? String(describing: type(of: controller)))
    }
}
#endif
