import Foundation

/// Progress on stderr for long work. Silent for runs shorter than `delay` (one second by default);
/// after that a single updating line on a terminal, or an occasional plain line otherwise.
public final class ProgressReporter: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private let delay: TimeInterval
    private let enabled: Bool
    private let isTTY: Bool
    private var lastPrint = Date.distantPast
    private var printedSomething = false
    private var phase = ""
    private var completed = 0
    private var total = 0

    /// `CARTO_PROGRESS_DELAY` (seconds) overrides the delay, so tests can see progress on small inputs.
    public init(enabled: Bool, delay: TimeInterval = 1.0) {
        self.enabled = enabled
        self.delay = ProcessInfo.processInfo.environment["CARTO_PROGRESS_DELAY"].flatMap(Double.init) ?? delay
        self.isTTY = isatty(STDERR_FILENO) == 1
    }

    public func begin(phase: String, total: Int) {
        lock.lock(); defer { lock.unlock() }
        self.phase = phase
        self.total = total
        self.completed = 0
        printIfDue(force: false)
    }

    public func advance(by n: Int = 1) {
        lock.lock(); defer { lock.unlock() }
        completed += n
        printIfDue(force: false)
    }

    /// Clears the updating line (TTY) so that later output starts on a clean line.
    public func finish() {
        lock.lock(); defer { lock.unlock() }
        guard printedSomething else { return }
        if isTTY { StandardError.write("\r\u{1B}[K") }
        let elapsed = String(format: "%.1f", Date().timeIntervalSince(start))
        if !isTTY { StandardError.write("done in \(elapsed)s\n") }
        printedSomething = false
    }

    private func printIfDue(force: Bool) {
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(start) >= delay else { return }
        let interval: TimeInterval = isTTY ? 0.1 : 2.0
        guard force || now.timeIntervalSince(lastPrint) >= interval else { return }
        lastPrint = now
        printedSomething = true
        let counts = total > 0 ? " \(completed)/\(total)" : ""
        if isTTY {
            StandardError.write("\r\u{1B}[K\(phase)\(counts)")
        } else {
            StandardError.write("\(phase)\(counts)\n")
        }
    }
}
