import CartoCore
import Foundation

/// Starts `chromedriver` on a free loopback port and stops it again (the embedded default of `carto crawl`).
public final class ChromeDriverService: @unchecked Sendable {
    public let port: Int
    public let url: URL
    private let process: ChildProcess

    /// Known executable locations (Debian's `chromium-driver`, then PATH).
    public static func locateChromeDriver() -> String? {
        for candidate in ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver", "/usr/local/bin/chromedriver"]
        where FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(dir)/chromedriver"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Launches chromedriver and waits until it reports ready. Throws `CartoError` when it is missing or does not come up.
    public static func start(executable: String? = nil, readyTimeout: TimeInterval = 20) throws -> ChromeDriverService {
        guard let path = executable ?? locateChromeDriver() else {
            throw CartoError("chromedriver not found; install Debian's chromium and chromium-driver packages, or pass --webdriver URL")
        }
        let port = try freeLoopbackPort()
        // In a process group of its own that its Chromium joins, watched by the reaper: nothing it starts outlives carto,
        // nor what they write in their temporary folder (the browser's profile).
        let process: ChildProcess
        do { process = try ChildProcess(executable: path, arguments: ["--port=\(port)", "--allowed-ips=127.0.0.1"], scratch: true) } catch {
            throw CartoError("\(path): could not start chromedriver (\((error as? CartoError)?.message ?? "\(error)"))")
        }
        let service = ChromeDriverService(port: port, process: process)
        let client = WebDriverClient(baseURL: service.url, requestTimeout: 2)
        let deadline = Date().addingTimeInterval(readyTimeout)
        while Date() < deadline {
            if client.isReady() { return service }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.005)   // polling a starting process (ready in ~40 ms); no UI wait involved
        }
        service.stop()
        throw CartoError("\(path): chromedriver did not become ready on 127.0.0.1:\(port) within \(Int(readyTimeout)) s")
    }

    private init(port: Int, process: ChildProcess) {
        self.port = port
        self.process = process
        self.url = URL(string: "http://127.0.0.1:\(port)")!
    }

    public var isRunning: Bool { process.isRunning }

    /// Stops chromedriver and every browser it started (its process group); safe to call twice.
    public func stop() { process.stop() }

    deinit { stop() }

    /// Capabilities for headless Chromium with iPhone-sized mobile emulation and touch, as `carto crawl` uses by default.
    /// Running as root needs `--no-sandbox`; `/dev/shm` is small in containers.
    public static func mobileCapabilities(width: Int = 390, height: Int = 844, pixelRatio: Double = 3) -> [String: Any] {
        [
            "browserName": "chrome",
            "goog:chromeOptions": [
                "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars"],
                "mobileEmulation": [
                    "deviceMetrics": ["width": width, "height": height, "pixelRatio": pixelRatio, "touch": true, "mobile": true],
                    "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
                ],
            ] as [String: Any],
        ]
    }

    /// Asks the kernel for a free TCP port on 127.0.0.1.
    static func freeLoopbackPort() throws -> Int {
        let (fd, port) = try LoopbackSocket.bind(port: 0)
        close(fd)
        return port
    }
}
