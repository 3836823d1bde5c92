import CartoCore
import Foundation

/// A Chrome DevTools protocol session of its own on the page chromedriver drives, over the browser's debugging
/// WebSocket. A command costs ~1 ms this way instead of ~4 ms through chromedriver (`goog/cdp/execute`: a new HTTP
/// connection and its navigation bookkeeping per command), and a tap that navigates returns once the page handled
/// it instead of once the next page loaded — the idle wait covers that, as it does for every other kind of work.
/// Command errors keep the browser's message (code `devtools error`); a closed connection is a `transport` error.
final class DevToolsConnection {
    private let socket: DevToolsSocket
    private var nextID = 0
    private let timeout: TimeInterval
    /// The scripts the page is loading (DevTools `Network` events, once `watchScripts` subscribed to them): a module a
    /// view imports when it renders (`import()`, route-level code splitting) is fetched by the browser, not by a
    /// request the page's own script makes, so the page's idle wait cannot see it — and a snapshot taken meanwhile
    /// shows the screen before the view (measured: an app's landing page taken empty in one crawl out of three on a
    /// busy machine). Events come in order with the answers, so after any call this is what the page was loading
    /// when the browser answered.
    private(set) var scriptsLoading = Set<String>()
    /// When a script last started or finished loading (as this connection read it): a module that just loaded
    /// imports the next one a moment later (a view's module and the helpers it imports).
    private(set) var lastScriptEvent = Date.distantPast

    /// Opens a session on page `targetID` (chromedriver's window handle is the DevTools target id) of the browser
    /// whose debugger listens at `debuggerAddress` (`host:port`, from the session's `goog:chromeOptions`).
    init(debuggerAddress: String, targetID: String, timeout: TimeInterval = 60) throws {
        let parts = debuggerAddress.split(separator: ":")
        guard parts.count == 2, let port = Int(parts[1]),
              ["localhost", "127.0.0.1"].contains(String(parts[0])),
              targetID.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw DevToolsSocket.Failure(description: "not a local debugger address: \(debuggerAddress) \(targetID)")
        }
        self.timeout = timeout
        socket = try DevToolsSocket(host: "127.0.0.1", port: port, path: "/devtools/page/\(targetID)", timeout: timeout)
    }

    /// Subscribes to the page's network events, for `scriptsLoading`.
    func watchScripts() throws { try call("Network.enable") }

    /// Keeps `scriptsLoading` up to date from one DevTools event.
    private func note(event method: String, _ params: [String: Any]?) {
        guard let id = params?["requestId"] as? String else { return }
        switch method {
        case "Network.requestWillBeSent" where params?["type"] as? String == "Script":
            scriptsLoading.insert(id)
            lastScriptEvent = Date()
        case "Network.loadingFinished", "Network.loadingFailed":
            if scriptsLoading.remove(id) != nil { lastScriptEvent = Date() }
        default: break
        }
    }

    /// Runs one command and returns its result. `timeout`: how long the answer may take (an awaited promise).
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], timeout: TimeInterval? = nil) throws -> [String: Any] {
        try callAll([(method, params)], timeout: timeout)[0]
    }

    /// Sends commands back to back and then collects their answers: the browser runs them in order (input events
    /// queue in its input router), without a round trip between them.
    @discardableResult
    func callAll(_ commands: [(method: String, params: [String: Any])], timeout: TimeInterval? = nil) throws -> [[String: Any]] {
        let started = Date()
        let names = Set(commands.map(\.method)).sorted().joined(separator: "+")
        defer {
            if WebDriverClient.trace {
                StandardError.write(String(format: "devtools %@%@ %.1f ms\n", names, commands.count > 1 ? " ×\(commands.count)" : "", Date().timeIntervalSince(started) * 1000))
            }
        }
        do {
            socket.setTimeout(timeout ?? self.timeout)
            let first = nextID + 1
            for command in commands {
                nextID += 1
                try socket.send(try JSONSerialization.data(withJSONObject: ["id": nextID, "method": command.method, "params": command.params]))
            }
            var results = [[String: Any]?](repeating: nil, count: commands.count)
            var missing = commands.count
            var failure: WebDriverError?
            // One deadline for the answers, not one per message: a page that keeps the browser busy sends events
            // without end (an image whose error handler loads another failing image, forever), and a wait renewed
            // by each of them never ended — a crawl stuck on its first page load.
            let deadline = started.addingTimeInterval(timeout ?? self.timeout)
            while missing > 0 {
                let message = try socket.receive(before: deadline)
                // Events (no id) update what the page is loading; answers to earlier, abandoned calls are skipped.
                guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any] else { continue }
                if let method = object["method"] as? String { note(event: method, object["params"] as? [String: Any]); continue }
                guard let id = object["id"] as? Int, id >= first, id <= nextID, results[id - first] == nil else { continue }
                if let error = object["error"] as? [String: Any], failure == nil {
                    // The browser's own words ("Cannot find context with specified id"): an error of this command,
                    // not of the session — only a closed connection ends that.
                    let detail = [error["message"] as? String, error["data"] as? String].compactMap { $0 }.joined(separator: ": ")
                    failure = WebDriverError(code: WebDriverError.devToolsCode, message: "\(commands[id - first].method): \(detail.isEmpty ? "failed" : detail)", httpStatus: nil)
                }
                results[id - first] = object["result"] as? [String: Any] ?? [:]
                missing -= 1
            }
            if let failure { throw failure }
            return results.map { $0 ?? [:] }
        } catch let failure as DevToolsSocket.Failure {
            throw WebDriverError(code: "transport", message: "DevTools \(names): \(failure)", httpStatus: nil)
        }
    }
}
