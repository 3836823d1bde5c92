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

/// `carto-bench regex [--patterns N] [--requests N]`: the regular-expression engines available on Linux, on what
/// a stub server does per request — a URL path against WireMock-style path patterns (anchored whole-string
/// matches). NSRegularExpression (ICU) against Swift's Regex (the standard library's own engine), each pattern
/// compiled once. Prints matches per second for both and their ratio.
func runRegexBenchmark(_ args: [String]) {
    let count = argument(args, "--patterns", 301)
    let requests = argument(args, "--requests", 20_000)
    let patterns = (0..<count).map { "/api/v1/resource\($0)/[0-9]+(/items/[a-z0-9-]+)?" }
    let paths = (0..<requests).map { i in i % 2 == 0 ? "/api/v1/resource\(i % count)/\(i)/items/abc-\(i)" : "/api/v1/resource\(i % count)/x\(i)" }
    let ns = patterns.map { try! NSRegularExpression(pattern: "^(?:\($0))$", options: [.dotMatchesLineSeparators]) }
    let swift = patterns.map { try! Regex("(?s)(?:\($0))") }
    func time(_ body: () -> Int) -> (Double, Int) {
        let start = ContinuousClock.now
        let n = body()
        return ((ContinuousClock.now - start).milliseconds / 1000, n)
    }
    // Each request against every pattern, as the unindexed matcher did; same answers from both engines.
    let (nsSeconds, nsHits) = time {
        var hits = 0
        for p in paths.prefix(requests / 10) { for r in ns where r.firstMatch(in: p, range: NSRange(p.startIndex..., in: p)) != nil { hits += 1 } }
        return hits
    }
    let (swSeconds, swHits) = time {
        var hits = 0
        for p in paths.prefix(requests / 10) { for r in swift where (try? r.wholeMatch(in: p)) != nil { hits += 1 } }
        return hits
    }
    let evaluations = Double(requests / 10 * count)
    print(String(format: "regex: %d patterns × %d paths: NSRegularExpression %.0f matches/s, Swift Regex %.0f matches/s (Swift/NS %.2f×); hits %d / %d",
                 count, requests / 10, evaluations / nsSeconds, evaluations / swSeconds, nsSeconds / swSeconds, nsHits, swHits))
    // After indexing: each request against the one pattern its literal prefix selects (matching or not).
    let (nsOne, nsOneHits) = time {
        var hits = 0
        for (i, p) in paths.enumerated() where ns[i % count].firstMatch(in: p, range: NSRange(p.startIndex..., in: p)) != nil { hits += 1 }
        return hits
    }
    let (swOne, swOneHits) = time {
        var hits = 0
        for (i, p) in paths.enumerated() where (try? swift[i % count].wholeMatch(in: p)) != nil { hits += 1 }
        return hits
    }
    print(String(format: "regex: one candidate pattern per path (%d paths, half match): NSRegularExpression %.0f/s, Swift Regex %.0f/s (Swift/NS %.2f×)",
                 requests, Double(requests) / nsOne, Double(requests) / swOne, nsOne / swOne))
    if nsHits != swHits || nsOneHits != swOneHits { print("regex: the engines disagree"); exit(1) }
}
