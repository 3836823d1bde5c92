import Foundation
import NIOCore
import NIOPosix
import WebSocketKit

/// A blocking WebSocket to a browser's DevTools endpoint, over websocket-kit (SwiftNIO): messages arrive on NIO's
/// event loop into an inbox that `receive` waits on, so the driver's thread keeps its one-command-at-a-time flow.
/// (Our own WebSocket client crashed on a large message from a real page; a maintained one it is.)
final class DevToolsSocket: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible, Sendable {
        var description: String
    }

    /// What arrived and whether the connection ended; guarded by its condition.
    private final class Inbox: @unchecked Sendable {
        let condition = NSCondition()
        var messages: [Data] = []
        var head = 0
        var closed = false

        func push(_ message: Data) {
            condition.lock()
            messages.append(message)
            condition.signal()
            condition.unlock()
        }

        func close() {
            condition.lock()
            closed = true
            condition.broadcast()
            condition.unlock()
        }
    }

    private let inbox = Inbox()
    private let socket: WebSocket
    private var timeout: TimeInterval

    /// Connects to `ws://host:port/path`. Messages may be as large as a page's snapshot (megabytes).
    init(host: String, port: Int, path: String, timeout: TimeInterval) throws {
        self.timeout = timeout
        // The upgrade callback may run after the connect future completed: wait for it, not only for the future.
        final class Opened: @unchecked Sendable {
            let ready = DispatchSemaphore(value: 0)
            var socket: WebSocket?
        }
        let opened = Opened()
        let inbox = self.inbox
        var configuration = WebSocketClient.Configuration(maxFrameSize: 1 << 30)
        configuration.maxAccumulatedFrameSize = 1 << 30
        do {
            try WebSocket.connect(scheme: "ws", host: host, port: port, path: path, configuration: configuration,
                                  on: MultiThreadedEventLoopGroup.singleton) { socket in
                socket.onText { _, text in inbox.push(Data(text.utf8)) }
                socket.onBinary { _, buffer in inbox.push(Data(buffer.readableBytesView)) }
                socket.onClose.whenComplete { _ in inbox.close() }
                opened.socket = socket
                opened.ready.signal()
            }.wait()
        } catch {
            throw Failure(description: "cannot open the DevTools WebSocket ws://\(host):\(port)\(path) (\(error))")
        }
        guard opened.ready.wait(timeout: .now() + timeout) == .success, let socket = opened.socket else {
            throw Failure(description: "the DevTools WebSocket did not open")
        }
        self.socket = socket
    }

    /// How long `receive` waits for the next message.
    func setTimeout(_ seconds: TimeInterval) { timeout = seconds }

    func send(_ message: Data) throws {
        inbox.condition.lock()
        let closed = inbox.closed
        inbox.condition.unlock()
        if closed { throw Failure(description: "the browser closed the DevTools connection") }
        // Sends from this one thread are queued on the channel in order.
        socket.send(String(decoding: message, as: UTF8.self))
    }

    /// The next message, waiting at most the timeout — or until `deadline`, one time limit for a whole exchange.
    func receive(before deadline: Date? = nil) throws -> Data {
        let deadline = deadline ?? Date().addingTimeInterval(timeout)
        inbox.condition.lock()
        defer { inbox.condition.unlock() }
        while inbox.head == inbox.messages.count {
            if inbox.closed { throw Failure(description: "the browser closed the DevTools connection") }
            if !inbox.condition.wait(until: deadline) && inbox.head == inbox.messages.count {
                if inbox.closed { throw Failure(description: "the browser closed the DevTools connection") }
                throw Failure(description: "no answer in time")
            }
        }
        let message = inbox.messages[inbox.head]
        inbox.head += 1
        if inbox.head > 64 && inbox.head * 2 > inbox.messages.count {
            inbox.messages.removeFirst(inbox.head)
            inbox.head = 0
        }
        return message
    }

    deinit { _ = socket.close() }
}
