import CartoDrivers
import CartoHTTP
import Foundation
import XCTest

extension XCTestCase {
    /// Serves `files` (name → content) from a fresh folder on 127.0.0.1 and starts a chromedriver; both stop, and
    /// the folder goes, when the test ends. `overrides` answer chosen paths first (a slow script). Skips when
    /// chromedriver is not installed.
    func serveWithChromeDriver(_ files: [String: String],
                               overrides: (@Sendable (LoopbackServer.Request) -> LoopbackServer.Response?)? = nil) throws -> (site: LoopbackServer, chromedriver: ChromeDriverService) {
        guard ChromeDriverService.locateChromeDriver() != nil else {
            throw XCTSkip("chromedriver is not installed (scripts/test.sh installs chromium and chromium-driver)")
        }
        let dir = NSTemporaryDirectory() + "carto-site-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        for (name, content) in files { try content.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        let site = try LocalSite.serve(directory: dir, overrides: overrides)
        addTeardownBlock { site.stop() }
        let service = try ChromeDriverService.start()
        addTeardownBlock { service.stop() }
        return (site, service)
    }

    /// A browser on `page` served as the site's index, once the page is idle (closed when the test ends).
    func openPage(_ page: String) throws -> BrowserDriver {
        let (site, service) = try serveWithChromeDriver(["index.html": page])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        addTeardownBlock { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        return driver
    }
}
