import CartoCore
import Foundation

/// The two kinds of app Cartographer drives.
public enum AppPlatform: String, Codable, Sendable, CaseIterable {
    case web
    case ios
}

/// Which app to drive and through what: Chromium (chromedriver started here, or any WebDriver server) for a web
/// app, Appium's XCUITest driver for an iOS app. One value for `carto crawl`, `record` and `replay`.
public struct DriverTarget: Sendable {
    public var platform: AppPlatform
    /// The start URL (web) or the bundle id (iOS).
    public var start: String
    /// A WebDriver server: `http(s)://[USER:PASSWORD@]HOST:PORT[/PATH]`; nil starts chromedriver here.
    public var webdriver: String?
    /// A PEM file of certificates to trust for an https `webdriver`.
    public var cacert: String?
    public var desktop = false
    public var headless = true
    public var blockedRequests: [String] = []
    public var animationPlaybackRate: Double = 1
    /// Tells web pages the user prefers reduced motion (`BrowserDriver.Options.reducedMotion`).
    public var reducedMotion = false
    /// Seeds a web page's random numbers (`BrowserDriver.Options.randomSeed`); nil leaves them random.
    public var randomSeed: UInt64?

    public init(platform: AppPlatform, start: String, webdriver: String? = nil, cacert: String? = nil) {
        self.platform = platform
        self.start = start
        self.webdriver = webdriver
        self.cacert = cacert
    }

    /// Starts a session; a server that cannot be reached or refuses is one line naming it (exit 2 or 3).
    public func open() throws -> AppDriver {
        let endpoint = try webdriver.map { try WebDriverEndpoint(parsing: $0, caCertificatePath: cacert) }
        if let cacert, endpoint == nil { throw CartoError("--cacert \(cacert): only used with --webdriver https://…") }
        do {
            if platform == .ios {
                guard let endpoint else { throw CartoError("an iOS app needs --webdriver URL (Appium with the XCUITest driver)") }
                return try IOSDriver(endpoint: endpoint, bundleID: start)
            }
            guard let url = URL(string: start), url.scheme != nil else { throw CartoError("\(start): not a URL; pass the web app's address (http://…)") }
            var options = BrowserDriver.Options()
            options.mobile = !desktop
            // A desktop-sized window: a laptop's 1280×800 (at 390 px wide, a desktop layout folds into its phone
            // menu, which is what `--desktop` is there to avoid).
            if desktop { (options.width, options.height) = (1280, 800) }
            options.headless = headless
            options.blockedRequests = blockedRequests
            options.animationPlaybackRate = animationPlaybackRate
            options.reducedMotion = reducedMotion
            options.randomSeed = randomSeed
            return try BrowserDriver(startURL: url, endpoint: endpoint, options: options)
        } catch let error as WebDriverError {
            // Transport failures name the server themselves; others get its address in front.
            if error.transport != nil { throw error.cartoError }
            throw CartoError("\(endpoint?.description ?? "chromedriver"): \(error)", status: .driverError)
        }
    }

    /// Opens `count` sessions at once (a browser takes ~0.5 s to start); if one fails, the others are closed.
    public func open(count: Int) throws -> [AppDriver] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var drivers: [Int: AppDriver] = [:]
            var error: Error?
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: count) { i in
            do {
                let driver = try open()
                results.lock.withLock { results.drivers[i] = driver }
            } catch {
                results.lock.withLock { if results.error == nil { results.error = error } }
            }
        }
        if let error = results.error {
            results.drivers.values.forEach { $0.close() }
            throw error
        }
        return (0..<count).map { results.drivers[$0]! }
    }
}
