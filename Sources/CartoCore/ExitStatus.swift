/// Stable process exit codes shared by every `carto` subcommand.
public enum ExitStatus: Int32, Sendable {
    /// The run succeeded and found nothing new to report.
    case success = 0
    /// The run succeeded and found new findings (violations, failures).
    case findings = 1
    /// Bad usage or unusable input (missing path, invalid configuration, unreadable file given explicitly).
    case inputError = 2
    /// The app or its driver failed in a way the run could not recover from (driver gone, session lost).
    /// Whatever was done so far is saved first (a crawl can be resumed).
    case driverError = 3
    /// Stopped by a second Ctrl-C (128 + SIGINT, as shells report it): what was done so far is saved.
    case interrupted = 130
}

/// An error the user can act on: one line naming the input and what to do.
public struct CartoError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String
    public var status: ExitStatus

    public init(_ message: String, status: ExitStatus = .inputError) {
        self.message = message
        self.status = status
    }

    public var description: String { message }

    /// Another library's multi-line message (a YAML parser's, with its caret line) as one line.
    public static func oneLine(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
