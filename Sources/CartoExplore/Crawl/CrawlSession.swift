import CartoCore
import CartoDrivers
import CartoHTTP
import CartoModel
import Foundation

/// One run of `carto crawl`, start to finish: resolves the target (a folder is served on 127.0.0.1), makes or
/// reopens the output folder, opens the sessions and closes them whatever happens, forwards Ctrl-C, runs the
/// crawler and writes the model. Errors are thrown with their exit status; nothing here exits the process.
public final class CrawlSession: @unchecked Sendable {
    /// Where the settings come from.
    public enum Source: Sendable {
        /// A new crawl into a folder that must not hold one yet.
        case new(CrawlSettings, output: String)
        /// The interrupted crawl in this folder, with its saved settings.
        case resume(folder: String)
    }

    /// What a finished run produced.
    public struct Result: Sendable {
        public var model: CrawlModel
        public var directory: URL
    }

    public let source: Source
    /// The WebDriver server and certificate for this run (not saved: a URL may carry credentials).
    public var webdriver: String?
    public var cacert: String?
    /// Sessions in parallel for this run (nil: the saved number, else 1).
    public var browsers: Int?
    /// `NAME=VALUE` values for the setup journey's `${NAME}`s (`--var`; never saved).
    public var variables: [String] = []
    /// Called with every log entry (a progress line).
    public var onLog: ((CrawlLogEntry) -> Void)?
    /// Told what the session does when it matters to a person watching (starting, stopping after Ctrl-C).
    public var onStatus: ((String) -> Void)?
    /// Forward SIGINT/SIGTERM: the first stops after the current event, the second closes the sessions at once.
    public var handleSignals = true

    private let lock = NSLock()
    private let closing = NSLock()
    private var crawler: Crawler?
    private var drivers: [AppDriver] = []
    private var stopRequests = 0

    public init(_ source: Source) { self.source = source }

    public func run() throws -> Result {
        // Ctrl-C is ours for the whole run, until the browsers are closed: a second one while the outputs are written
        // or the sessions close must not kill carto halfway, and makes the run end as interrupted (exit 130).
        let signals = handleSignals ? SignalForwarder { [weak self] _ in self?.requestStop() } : nil
        defer { signals?.cancel() }
        var folder: URL?
        do {
            let result = try explore(folder: &folder)
            try throwIfQuit(folder)
            return result
        } catch {
            try throwIfQuit(folder)
            throw error
        }
    }

    /// The run: settings, target, output folder, sessions (closed again on the way out), the crawl and its outputs.
    private func explore(folder: inout URL?) throws -> Result {
        var reopened: CrawlOutput?
        var newFolder = ""
        var settings: CrawlSettings
        switch source {
        case .new(let given, let output):
            settings = given
            newFolder = output
        case .resume(let folder):
            let out = try CrawlOutput(directory: folder, fresh: false)
            reopened = out
            settings = try out.loadSettings()
        }
        // This run's number of sessions (a resume may use another); checked with the rest.
        if let browsers { settings.browsers = browsers }
        // Compiling the configuration is checking the settings: before anything is written.
        let specification = try settings.config.map(CrawlSpecification.load(path:))
        let configuration = try CrawlConfiguration(settings: settings, specification: specification, variables: variables)

        // A folder is served on loopback for the crawl; its URL changes per run, so resumes serve it again.
        let (site, start) = try Self.resolve(settings)
        defer { site?.stop() }
        // Only once the target is known to be usable: a bad target leaves no output folder behind.
        let out = try reopened ?? CrawlOutput(directory: newFolder, fresh: true)
        folder = out.directory
        if reopened == nil { try out.saveSettings(settings) }

        var target = DriverTarget(platform: settings.platform, start: start, webdriver: webdriver ?? settings.webdriver, cacert: cacert ?? settings.cacert)
        target.desktop = settings.desktop
        target.blockedRequests = settings.blockRequests + (specification?.blockRequests ?? [])
        target.animationPlaybackRate = settings.animations.playbackRate
        target.reducedMotion = settings.animations.reducesMotion
        // The same app on every run and after every reset: a path replayed meets the content it met before.
        target.randomSeed = settings.seed
        onStatus?("starting \(settings.platform == .web ? (target.webdriver == nil ? "chromedriver and Chromium" : "a browser session") : "the iOS app \(settings.start)")…")
        let opened: [AppDriver]
        do {
            opened = try target.open(count: settings.browsers ?? Self.defaultSessions(settings))
        } catch {
            // Nothing was explored: a fresh folder made for this run goes again, so a corrected command can reuse it.
            if reopened == nil { out.discard() }
            throw error
        }
        defer { closeDrivers() }
        let progress = reopened == nil ? nil : try out.loadProgress()
        let crawler = Crawler(drivers: opened, configuration: configuration, sink: out, resumeFrom: progress)
        // A Ctrl-C while the browsers started applies to the crawl now.
        let stopsAsked = lock.withLock { self.crawler = crawler; self.drivers = opened; return stopRequests }
        if stopsAsked > 0 { crawler.requestStop() }
        out.onLog = onLog

        let model: CrawlModel
        do {
            model = try crawler.run()
        } catch {
            try? out.writeModel(crawler.model())
            throw error
        }
        try out.writeModel(model)
        return Result(model: model, directory: out.directory)
    }

    /// After a second stop request the run ends as interrupted, whatever the crawler said.
    private func throwIfQuit(_ folder: URL?) throws {
        guard lock.withLock({ stopRequests }) > 1 else { return }
        throw CartoError("interrupted" + (folder.map { "; the progress is saved: carto crawl --resume \($0.path)" } ?? ""), status: .interrupted)
    }

    /// The first call stops after the event in flight (outputs are written); the second closes the sessions, so
    /// a driver call in flight fails at once and the run ends with `interrupted`.
    public func requestStop() {
        let count = lock.withLock { stopRequests += 1; return stopRequests }
        if count == 1 {
            onStatus?("stopping after the current event (Ctrl-C again to quit now)")
            lock.withLock { crawler }?.requestStop()
        } else {
            lock.withLock { crawler }?.requestStop()
            closeDrivers()
        }
    }

    /// Closes every session once; a second caller (Ctrl-C again while the run ends) waits until they are closed, so
    /// the process does not exit with browsers half stopped.
    private func closeDrivers() {
        closing.withLock {
            let open = lock.withLock { () -> [AppDriver] in defer { drivers = [] }; return drivers }
            open.forEach { $0.close() }
        }
    }

    /// Sessions when `--browsers` is not given: one browser per core for the web (measured: 1.8× the events per
    /// second at 2 on 2 cores, the same model), at most 8 (each Chromium holds ~200 MB); one device for iOS, which
    /// has as many sessions as devices someone set up.
    public static func defaultSessions(_ settings: CrawlSettings) -> Int {
        settings.platform == .ios ? 1 : min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
    }

    /// The start URL (a folder is served on 127.0.0.1 first) or the bundle id.
    static func resolve(_ settings: CrawlSettings) throws -> (LoopbackServer?, String) {
        guard settings.platform == .web else { return (nil, settings.start) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: settings.start, isDirectory: &isDirectory), isDirectory.boolValue {
            let served = try LocalSite.serve(directory: settings.start)
            return (served, served.url.appendingPathComponent("/").absoluteString)
        }
        if let url = URL(string: settings.start), url.scheme != nil { return (nil, settings.start) }
        throw CartoError("\(settings.start): neither a URL nor a folder; pass http://… or a folder with index.html")
    }
}
