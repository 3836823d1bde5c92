import AsyncHTTPClient
import CartoCore
import CartoTestKit
import Foundation
import NIOCore

/// `carto-bench events --url URL [--count N]`: event delivery across processes, as a UI test sees it. The test
/// side (CartoTestKit, long-poll) waits for an event; this process then posts it over HTTP as the app would; the
/// figure is the time from the post leaving to the waiting test waking up.
func runEventsBenchmark(_ args: [String]) {
    guard let i = args.firstIndex(of: "--url"), i + 1 < args.count, let url = URL(string: args[i + 1]) else {
        FileHandle.standardError.write(Data("usage: carto-bench events --url http://127.0.0.1:PORT [--count N]\n".utf8))
        exit(2)
    }
    let count = argument(args, "--count", 1000)
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            let kit = try await CartoTestServer.connect(to: url)
            try await kit.reset()
            let app = HTTPClient(eventLoopGroupProvider: .singleton)
            var latencies: [Double] = []
            for n in 0..<(count + 50) {
                let waiter = Task { () throws -> ContinuousClock.Instant in
                    try await kit.wait(for: "bench", value: String(n), timeout: .seconds(5))
                    return ContinuousClock.now
                }
                try await Task.sleep(for: .milliseconds(3))  // the test is waiting before the app posts
                var post = HTTPClientRequest(url: url.absoluteString + "/__carto/events")
                post.method = .POST
                post.headers.add(name: "Content-Type", value: "application/json")
                post.body = .bytes(ByteBuffer(string: #"{"name": "bench", "value": "\#(n)"}"#))
                let sent = ContinuousClock.now
                let response = try await app.execute(post, timeout: .seconds(5))
                _ = try await response.body.collect(upTo: 1 << 16)
                let woke = try await waiter.value
                if n >= 50 { latencies.append((woke - sent).milliseconds) }
            }
            try await app.shutdown()
            await kit.shutdown()
            print(String(format: "event delivery over %d events (post → waiting test wakes): p50 %.3f ms, p95 %.3f ms, p99 %.3f ms, max %.3f ms",
                         latencies.count, percentile(latencies, 0.5), percentile(latencies, 0.95), percentile(latencies, 0.99), latencies.max() ?? 0))
        } catch {
            FileHandle.standardError.write(Data("carto-bench events: \(error)\n".utf8))
            exit(1)
        }
        done.signal()
    }
    done.wait()
}
