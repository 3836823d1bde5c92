import CartoCore
import Foundation

/// A free port for chromedriver (bound, read back, released just before chromedriver binds it).
enum LoopbackSocket {
    /// An IPv4 address on 127.0.0.1.
    static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// A TCP socket bound to 127.0.0.1:`port` (0: any free port), and the port it got. The caller owns the descriptor.
    static func bind(port: Int) throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CartoError("cannot open a socket on 127.0.0.1") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.address(port: port)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.bind(fd, $0, length) } }
        let named = bound == 0
            ? withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
            : -1
        guard named == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw CartoError("cannot bind 127.0.0.1:\(port) (\(reason)); choose another port")
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
