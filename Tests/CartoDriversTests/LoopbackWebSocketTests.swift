@testable import CartoDrivers
import Foundation
import XCTest

/// The DevTools WebSocket client against a scripted server on 127.0.0.1: the frames Chromium may send (pings,
/// fragments, 16- and 64-bit lengths) and the masked frames a client must send.
final class LoopbackWebSocketTests: XCTestCase {
    static let upgrade = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"

    /// A one-connection server: reads the request, sends `answer` (the upgrade), runs `script` on the socket, then
    /// closes it.
    func serve(answer: String = upgrade, _ script: @escaping @Sendable (Int32) -> Void = { _ in }) throws -> Int {
        let (listener, port) = try LoopbackSocket.bind(port: 0)
        XCTAssertEqual(listen(listener, 1), 0)
        let thread = Thread {
            let fd = accept(listener, nil, nil)
            close(listener)
            guard fd >= 0 else { return }
            var request = [UInt8]()
            var byte: UInt8 = 0
            while !request.suffix(4).elementsEqual([13, 10, 13, 10]), read(fd, &byte, 1) == 1 { request.append(byte) }
            _ = LoopbackSocket.writeAll(fd, Data(answer.utf8))
            script(fd)
            close(fd)
        }
        thread.start()
        return port
    }

    static func frame(_ payload: [UInt8], opcode: UInt8, fin: Bool = true) -> Data {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let n = payload.count
        if n < 126 { out.append(UInt8(n)) }
        else if n < 65536 { out += [126, UInt8(n >> 8), UInt8(n & 0xFF)] }
        else { out.append(127); out += (0..<8).reversed().map { UInt8((UInt64(n) >> (8 * UInt64($0))) & 0xFF) } }
        return Data(out + payload)
    }

    /// Reads one client frame and returns its unmasked payload (nil when it was not masked).
    static func readClientFrame(_ fd: Int32) -> (opcode: UInt8, payload: [UInt8])? {
        func bytes(_ n: Int) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: n), got = 0
            while got < n { let r = out.withUnsafeMutableBytes { read(fd, $0.baseAddress! + got, n - got) }; if r <= 0 { return [] }; got += r }
            return out
        }
        let head = bytes(2)
        guard head.count == 2, head[1] & 0x80 != 0 else { return nil }
        var length = Int(head[1] & 0x7F)
        if length == 126 { let b = bytes(2); length = Int(b[0]) << 8 | Int(b[1]) }
        else if length == 127 { length = bytes(8).reduce(0) { $0 << 8 | Int($1) } }
        let mask = bytes(4)
        return (head[0] & 0x0F, bytes(length).enumerated().map { $0.element ^ mask[$0.offset & 3] })
    }

    func testFramesChromiumMaySendAndMaskedClientFrames() throws {
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 70_000)
        let medium = [UInt8](repeating: UInt8(ascii: "y"), count: 300)
        let pong = Box<[UInt8]?>(nil), echoed = Box<[UInt8]?>(nil)
        let port = try serve { fd in
            // A ping first (the client must answer it and keep reading), then a message in two fragments.
            _ = LoopbackSocket.writeAll(fd, Self.frame(Array("are you there".utf8), opcode: 0x9))
            _ = LoopbackSocket.writeAll(fd, Self.frame(Array("hel".utf8), opcode: 0x1, fin: false) + Self.frame(Array("lo".utf8), opcode: 0x0))
            if let answer = Self.readClientFrame(fd), answer.opcode == 0xA { pong.value = answer.payload }
            _ = LoopbackSocket.writeAll(fd, Self.frame(medium, opcode: 0x1))
            _ = LoopbackSocket.writeAll(fd, Self.frame(big, opcode: 0x1))
            if let message = Self.readClientFrame(fd), message.opcode == 0x1 { echoed.value = message.payload }
            _ = LoopbackSocket.writeAll(fd, Self.frame([], opcode: 0x8))
        }
        let socket = try LoopbackWebSocket(host: "127.0.0.1", port: port, path: "/devtools/page/1", timeout: 5)
        XCTAssertEqual(String(decoding: try socket.receive(), as: UTF8.self), "hello", "fragments joined")
        XCTAssertEqual(Array(try socket.receive()), medium, "16-bit length")
        XCTAssertEqual(Array(try socket.receive()), big, "64-bit length")
        let sent = Data((0..<70_000).map { UInt8($0 % 251) })
        try socket.send(sent)
        XCTAssertThrowsError(try socket.receive(), "a close frame ends the connection") { error in
            XCTAssertTrue("\(error)".contains("closed"), "\(error)")
        }
        XCTAssertEqual(pong.value.map { String(decoding: $0, as: UTF8.self) }, "are you there", "the ping was answered with its payload")
        XCTAssertEqual(echoed.value.map { Data($0) }, sent, "client frames are masked and arrive intact")
    }

    func testRefusedUpgradeAndSilentServerAreErrors() throws {
        let port = try serve(answer: "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        XCTAssertThrowsError(try LoopbackWebSocket(host: "127.0.0.1", port: port, path: "/devtools/page/gone", timeout: 5)) { error in
            XCTAssertTrue("\(error)".contains("404"), "\(error)")
        }
        let silent = try serve { _ in Thread.sleep(forTimeInterval: 1) }
        let socket = try LoopbackWebSocket(host: "127.0.0.1", port: silent, path: "/", timeout: 0.2)
        XCTAssertThrowsError(try socket.receive()) { error in XCTAssertTrue("\(error)".contains("no answer in time"), "\(error)") }
    }
}

/// A value written on the server thread and read after the test's calls returned.
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
