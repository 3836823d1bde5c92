/// A non-fatal problem met while reading input (a file skipped, a parse error). Runs keep going.
public struct Diagnostic: Codable, Hashable, Sendable, Comparable {
    public enum Severity: String, Codable, Sendable { case warning, error, note }

    public var severity: Severity
    /// Path relative to the report root.
    public var file: String
    public var line: Int?
    public var message: String

    public init(severity: Severity, file: String, line: Int? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.message = message
    }

    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        (a.file, a.line ?? 0, a.message) < (b.file, b.line ?? 0, b.message)
    }

    /// `file:line: severity: message`, the form compilers and editors understand.
    public var formatted: String {
        let location = line.map { "\(file):\($0)" } ?? file
        return "\(location): \(severity.rawValue): \(message)"
    }
}
