/// Duration in the units timeouts and delays are configured in elsewhere (HTTP delays in milliseconds, NIO
/// time amounts in nanoseconds), computed once here instead of from `components` at each use.
extension Duration {
    /// Whole milliseconds (truncated).
    public var wholeMilliseconds: Int {
        Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
    }

    /// Milliseconds with their fraction, for measurements.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }

    /// Whole nanoseconds (truncated).
    public var wholeNanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
