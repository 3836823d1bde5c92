import CartoCore
import Foundation

/// A small blocking WebSocket client (RFC 6455) for text messages over loopback: enough for the Chrome DevTools
/// protocol, which the browser dialect speaks directly to Chromium instead of through chromedriver's HTTP
/// (one HTTP connection and chromedriver's navigation bookkeeping per command). One thread uses it at a time.
final class LoopbackWebSocket {
    struct Failure: Error, CustomStringConvertible { var description: String }

    private let fd: Int32
    private var buffer = [UInt8]()
    private var start = 0   // consumed bytes at the front of `buffer`
    private var closed = false

    /// Connects to `ws://host:port/path` and completes the opening handshake.
    init(host: String, port: Int, path: String, timeout: TimeInterval) throws {
        do { fd = try LoopbackSocket.connect(host: host, port: port, timeout: timeout) }
        catch let error as CartoError { throw Failure(description: error.message) }
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        var nonce = [UInt8](repeating: 0, count: 16)
        for i in nonce.indices { nonce[i] = UInt8.random(in: 0...255) }
        let request = "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(Data(nonce).base64EncodedString())\r\nSec-WebSocket-Version: 13\r\n\r\n"
        guard LoopbackSocket.writeAll(fd, Data(request.utf8)) else { close(fd); throw Failure(description: "handshake write failed") }
        // The answer's head ends at the first blank line; frames may follow in the same read.
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 4
                guard head.hasPrefix("HTTP/1.1 101") else {
                    close(fd)
                    throw Failure(description: "no WebSocket upgrade: \(head.split(separator: "\r\n").first ?? "")")
                }
                break
            }
            do { try fill() } catch { close(fd); throw error }
        }
    }

    deinit { close(fd) }

    /// Socket read and write timeout for the next calls (a promise awaited in the page may take seconds).
    func setTimeout(_ timeout: TimeInterval) { LoopbackSocket.setTimeout(fd, timeout) }

    /// Sends one text message (client frames are masked, as the protocol requires).
    func send(_ text: Data) throws {
        guard !closed else { throw Failure(description: "the connection is closed") }
        try sendFrame(opcode: 0x1, payload: text)
    }

    /// The next text message; answers pings on the way.
    func receive() throws -> Data {
        var message = Data()
        while true {
            let (fin, opcode, payload) = try readFrame()
            switch opcode {
            case 0x0, 0x1, 0x2:
                message.append(contentsOf: payload)
                if fin { return message }
            case 0x8:
                closed = true
                throw Failure(description: "the browser closed the DevTools connection")
            case 0x9:
                try sendFrame(opcode: 0xA, payload: Data(payload))
            default:
                continue   // pong or reserved: nothing to do
            }
        }
    }

    private func sendFrame(opcode: UInt8, payload: Data) throws {
        var frame: [UInt8] = [0x80 | opcode]
        let n = payload.count
        if n < 126 { frame.append(0x80 | UInt8(n)) }
        else if n < 65536 { frame.append(0x80 | 126); frame += [UInt8(n >> 8), UInt8(n & 0xFF)] }
        else { frame.append(0x80 | 127); frame += (0..<8).reversed().map { UInt8((UInt64(n) >> (8 * UInt64($0))) & 0xFF) } }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame.reserveCapacity(frame.count + n)
        var i = 0
        for byte in payload { frame.append(byte ^ mask[i & 3]); i += 1 }
        guard LoopbackSocket.writeAll(fd, Data(frame)) else { throw Failure(description: "write failed (errno \(errno))") }
    }

    private func readFrame() throws -> (fin: Bool, opcode: UInt8, payload: ArraySlice<UInt8>) {
        try need(2)
        let b0 = buffer[start], b1 = buffer[start + 1]
        var length = Int(b1 & 0x7F)
        var offset = 2
        if length == 126 {
            try need(4)
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            offset = 4
        } else if length == 127 {
            try need(10)
            length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[start + $1]) }
            offset = 10
        }
        let masked = b1 & 0x80 != 0
        let maskOffset = offset
        if masked { offset += 4 }
        try need(offset + length)
        var payload = buffer[(start + offset)..<(start + offset + length)]
        if masked {   // servers do not mask, but be liberal in what we accept
            let mask = Array(buffer[(start + maskOffset)..<(start + maskOffset + 4)])
            payload = ArraySlice(payload.enumerated().map { $0.element ^ mask[$0.offset & 3] })
        }
        start += offset + length
        return (b0 & 0x80 != 0, b0 & 0x0F, payload)
    }

    /// Reads until `count` unconsumed bytes are buffered.
    private func need(_ count: Int) throws {
        while buffer.count - start < count { try fill() }
    }

    private func fill() throws {
        if start > 0 && start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
        else if start > 1 << 20 { buffer.removeFirst(start); start = 0 }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n > 0 { buffer.append(contentsOf: chunk[0..<n]); return }
            if n == 0 { closed = true; throw Failure(description: "the browser closed the DevTools connection") }
            if errno == EINTR { continue }
            throw Failure(description: errno == EAGAIN || errno == EWOULDBLOCK ? "no answer in time" : "read failed (errno \(errno))")
        }
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count - start >= needle.count else { return nil }
        var i = start
        while i + needle.count <= buffer.count {
            if buffer[i] == needle[0] && Array(buffer[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }
}
