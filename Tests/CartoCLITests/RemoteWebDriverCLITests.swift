import Foundation
import XCTest

/// `carto crawl --webdriver` on a server that is not a plain loopback chromedriver: behind a TLS reverse proxy with
/// basic authentication (nginx, as teams put a Selenium Grid or Appium hub behind one), through the machine's host
/// name, over IPv6; and the one-line error and exit code of each way it can fail.
final class RemoteWebDriverCLITests: XCTestCase, CLIHarness {
    var webApp: String { repoRoot + "/Examples/web-app" }

    /// nginx terminating TLS (a certificate made here, for localhost, this machine's name, 127.0.0.1 and ::1) and
    /// asking for `ada:s3cret`, in front of a chromedriver of its own. Both stop when the test ends.
    struct Proxy {
        var port: Int
        var chromedriverPort: Int
        var certificate: String
        var folder: String
    }

    static func tool(_ name: String) -> String? {
        for dir in ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        return nil
    }

    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let (status, data) = try runProgram(tool, arguments)
        XCTAssertEqual(status, 0, "\(tool) \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A port nothing listens on now (the kernel's choice for a socket bound to port 0).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func waitForPort(_ port: Int, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(fd)
            if connected == 0 { return true }
            Thread.sleep(forTimeInterval: 0.05)   // polling a starting server, not a UI wait
        }
        return false
    }

    func startChromeDriver() throws -> Int {
        guard let chromedriver = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("chromedriver is not installed (scripts/test.sh installs chromium and chromium-driver)")
        }
        let port = Self.freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromedriver)
        process.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        addTeardownBlock { process.terminate(); process.waitUntilExit() }
        XCTAssertTrue(Self.waitForPort(port), "chromedriver did not come up")
        return port
    }

    func startProxy() throws -> Proxy {
        guard let nginx = Self.tool("nginx"), let openssl = Self.tool("openssl") else {
            throw XCTSkip("nginx or openssl is not installed (scripts/test.sh installs nginx-light and openssl)")
        }
        let chromedriverPort = try startChromeDriver()
        let folder = NSTemporaryDirectory() + "carto-proxy-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let host = ProcessInfo.processInfo.hostName
        _ = try run(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                              "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem",
                              "-addext", "subjectAltName=DNS:localhost,DNS:\(host),IP:127.0.0.1,IP:::1"])
        let hash = try run(openssl, ["passwd", "-apr1", "s3cret"])
        try "ada:\(hash)\n".write(toFile: folder + "/htpasswd", atomically: true, encoding: .utf8)
        let port = Self.freePort()
        let config = """
            daemon off;
            worker_processes 1;
            pid \(folder)/nginx.pid;
            error_log \(folder)/error.log;
            events { worker_connections 64; }
            http {
              access_log off;
              client_body_temp_path \(folder)/body;
              proxy_temp_path \(folder)/proxy;
              fastcgi_temp_path \(folder)/fastcgi;
              uwsgi_temp_path \(folder)/uwsgi;
              scgi_temp_path \(folder)/scgi;
              server {
                listen \(port) ssl;
                ssl_certificate \(folder)/cert.pem;
                ssl_certificate_key \(folder)/key.pem;
                location / {
                  auth_basic "WebDriver";
                  auth_basic_user_file \(folder)/htpasswd;
                  proxy_pass http://127.0.0.1:\(chromedriverPort);
                  # chromedriver refuses HTTP/1.0, nginx's default towards upstreams.
                  proxy_http_version 1.1;
                  proxy_set_header Connection "";
                  proxy_read_timeout 300s;
                }
              }
            }
            """
        try config.write(toFile: folder + "/nginx.conf", atomically: true, encoding: .utf8)
        // nginx's workers run as an unprivileged user when started by root and read the password file per request.
        chmod(folder, 0o755)
        for file in ["cert.pem", "key.pem", "htpasswd", "nginx.conf"] { chmod(folder + "/" + file, 0o644) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-c", folder + "/nginx.conf", "-p", folder]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        addTeardownBlock { process.terminate(); process.waitUntilExit() }
        XCTAssertTrue(Self.waitForPort(port), "nginx did not come up: \((try? String(contentsOfFile: folder + "/error.log", encoding: .utf8)) ?? "")")
        return Proxy(port: port, chromedriverPort: chromedriverPort, certificate: folder + "/cert.pem", folder: folder)
    }

    func temporaryFolder() -> String {
        let dir = NSTemporaryDirectory() + "carto-remote-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    func states(in output: String) throws -> Int {
        let model = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/model.json"))) as? [String: Any]
        return (model?["states"] as? [Any])?.count ?? 0
    }

    func testCrawlThroughATLSProxyWithBasicAuthenticationOnTheMachinesHostName() throws {
        let proxy = try startProxy()
        let host = ProcessInfo.processInfo.hostName
        let output = temporaryFolder()
        let result = try carto(["crawl", webApp, "--webdriver", "https://ada:s3cret@\(host):\(proxy.port)", "--cacert", proxy.certificate,
                                "--max-events", "12", "--browsers", "2", "-o", output, "-q"])
        XCTAssertTrue([0, 1].contains(result.status), result.stderr)   // 1: the example's deliberate script error was hit
        XCTAssertGreaterThanOrEqual(try states(in: output), 3, "the crawl explored the app through the proxy")
        // Two sessions on one remote endpoint, as on a Selenium Grid hub: both explored into the one model.
        let log = try String(contentsOfFile: output + "/log.jsonl", encoding: .utf8)
        XCTAssertTrue(log.contains("\"session\":1") && log.contains("\"session\":2"), "events from both remote sessions")
        // The password is never written down: not in the checkpoint (whose settings a resume reads), log or model.
        for file in try FileManager.default.contentsOfDirectory(atPath: output) where !file.hasSuffix("screenshots") {
            let data = try Data(contentsOf: URL(fileURLWithPath: output + "/" + file))
            XCTAssertNil(data.range(of: Data("s3cret".utf8)), "\(file) holds the password")
        }
        // A resume without the credentials is told what to pass.
        let resumed = try carto(["crawl", "--resume", output, "-q"])
        XCTAssertEqual(resumed.status, 2, resumed.stderr)
        XCTAssertTrue(resumed.stderr.contains("asks for credentials"), resumed.stderr)
    }

    func testCrawlOverIPv6() throws {
        let port = try startChromeDriver()
        let output = temporaryFolder()
        let result = try carto(["crawl", webApp, "--webdriver", "http://[::1]:\(port)/", "--max-events", "4", "-o", output, "-q"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertGreaterThanOrEqual(try states(in: output), 2)
    }

    /// Each way of not reaching the server: one line naming it and what to do, exit 3 when the server is not
    /// there (start it, retry), exit 2 when the command line needs correcting; no output folder left behind.
    func testUnreachableServersGetOneLineAndTheirExitCode() throws {
        let proxy = try startProxy()
        let cases: [(url: String, cacert: Bool, status: Int32, says: String)] = [
            ("http://127.0.0.1:\(Self.freePort())", false, 3, "refused"),
            ("http://no-such-host.invalid:4444", false, 2, "cannot resolve the host name no-such-host.invalid"),
            ("https://ada:wrong@127.0.0.1:\(proxy.port)", true, 2, "refused the credentials for ada (HTTP 401)"),
            ("https://127.0.0.1:\(proxy.port)", true, 2, "asks for credentials (HTTP 401)"),
            ("https://ada:s3cret@127.0.0.1:\(proxy.port)", false, 2, "certificate not trusted"),
            ("ftp://127.0.0.1:21", false, 2, "the scheme must be http or https"),
        ]
        for c in cases {
            let output = temporaryFolder()
            var arguments = ["crawl", webApp, "--webdriver", c.url, "-o", output, "-q"]
            if c.cacert { arguments += ["--cacert", proxy.certificate] }
            let result = try carto(arguments)
            XCTAssertEqual(result.status, c.status, "\(c.url): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(c.says), "\(c.url): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "\(c.url): the output folder stays unmade")
        }
        let missing = try carto(["crawl", webApp, "--webdriver", "https://127.0.0.1:\(proxy.port)", "--cacert", "/no/such.pem"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--cacert /no/such.pem: no such readable file"), missing.stderr)
    }
}
