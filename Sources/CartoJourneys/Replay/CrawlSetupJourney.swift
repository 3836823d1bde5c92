import CartoCore
import CartoDrivers
import CartoExplore
import Foundation

extension Replayer {
    /// A journey script as a crawl's setup (`carto crawl --setup login.yaml --var PASSWORD=…`): replayed from a fresh
    /// start before the crawl and after every restart. A step that fails stops the crawl with the step and its reason.
    public static func crawlSetup(script: JourneyScript, name: String, options: Options = Options()) -> CrawlSetup {
        CrawlSetup(name: name) { driver in
            let result = try Replayer(driver: driver, options: options).run(script, name: name)
            if let failed = result.steps.first(where: { $0.status == .failed }) {
                throw CartoError("setup journey \(name): step \(failed.index) (\(failed.summary)) failed: \(failed.message ?? "no reason given"); fix the script or the app")
            }
        }
    }
}
