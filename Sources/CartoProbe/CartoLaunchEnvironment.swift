import Foundation

/// The launch-environment conventions between a UI test and the app under test, in one place. The test sets
/// them (CartoTestKit's `launchEnvironment`, or by hand on `XCUIApplication.launchEnvironment`); the app reads
/// them at start-up through `CartoLaunchEnvironment.current`.
///
/// | key | meaning |
/// |---|---|
/// | `CARTO_STUB_URL` | base URL of the stub server; the app uses it instead of its production API |
/// | `CARTO_EVENTS_URL` | where the app posts its events (`…/__carto/events`) |
/// | `CARTO_TEST_MODE` | `1` under test: skip onboarding, analytics, rate-limit prompts, random content |
/// | `CARTO_ANIMATION_SPEED` | speed factor for animations (e.g. `100`; 1 is normal) |
public struct CartoLaunchEnvironment: Sendable, Equatable {
    public static let stubURLKey = "CARTO_STUB_URL"
    public static let eventsURLKey = "CARTO_EVENTS_URL"
    public static let testModeKey = "CARTO_TEST_MODE"
    public static let animationSpeedKey = "CARTO_ANIMATION_SPEED"

    public var stubURL: URL?
    public var eventsURL: URL?
    public var testMode: Bool
    public var animationSpeed: Double

    public init(stubURL: URL? = nil, eventsURL: URL? = nil, testMode: Bool = false, animationSpeed: Double = 1) {
        self.stubURL = stubURL
        self.eventsURL = eventsURL
        self.testMode = testMode
        self.animationSpeed = animationSpeed
    }

    /// Reads the conventions from an environment; absent or malformed values fall back to normal behaviour.
    public init(environment: [String: String]) {
        stubURL = environment[Self.stubURLKey].flatMap(Self.httpURL)
        eventsURL = environment[Self.eventsURLKey].flatMap(Self.httpURL)
        testMode = ["1", "true", "yes"].contains(environment[Self.testModeKey]?.lowercased() ?? "")
        animationSpeed = environment[Self.animationSpeedKey].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 1
    }

    /// The running process's conventions.
    public static var current: CartoLaunchEnvironment { .init(environment: ProcessInfo.processInfo.environment) }

    /// The environment to launch the app with.
    public var variables: [String: String] {
        var v: [String: String] = [:]
        if let stubURL { v[Self.stubURLKey] = stubURL.absoluteString }
        if let eventsURL { v[Self.eventsURLKey] = eventsURL.absoluteString }
        if testMode { v[Self.testModeKey] = "1" }
        if animationSpeed != 1 { v[Self.animationSpeedKey] = animationSpeed.rounded() == animationSpeed ? String(Int(animationSpeed)) : String(animationSpeed) }
        return v
    }

    /// The API base URL the app should use: the stub server under test, else its production URL.
    public func apiBaseURL(production: URL) -> URL { stubURL ?? production }

    private static func httpURL(_ s: String) -> URL? {
        guard let u = URL(string: s), let scheme = u.scheme?.lowercased(), scheme == "http" || scheme == "https", u.host != nil else { return nil }
        return u
    }
}
