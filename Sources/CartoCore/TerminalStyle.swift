import Foundation

/// ANSI styling that is on only for a terminal and never when `NO_COLOR` is set (https://no-color.org).
public struct TerminalStyle: Sendable {
    public var enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    /// Colour for a stream: on a TTY, unless `NO_COLOR` is set to anything or `TERM=dumb`.
    public static func automatic(fileDescriptor: Int32 = STDOUT_FILENO, environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalStyle {
        if environment["NO_COLOR"] != nil { return TerminalStyle(enabled: false) }
        if environment["TERM"] == "dumb" { return TerminalStyle(enabled: false) }
        return TerminalStyle(enabled: isatty(fileDescriptor) == 1)
    }

    public func red(_ s: String) -> String { wrap(s, "31") }
    public func yellow(_ s: String) -> String { wrap(s, "33") }
    public func green(_ s: String) -> String { wrap(s, "32") }
    public func cyan(_ s: String) -> String { wrap(s, "36") }
    public func bold(_ s: String) -> String { wrap(s, "1") }
    public func dim(_ s: String) -> String { wrap(s, "2") }

    private func wrap(_ s: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}

/// Writes to standard error without buffering surprises.
public enum StandardError {
    public static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
