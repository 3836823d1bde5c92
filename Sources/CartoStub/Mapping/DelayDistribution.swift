import CartoCore
import Foundation

/// WireMock's `delayDistribution`: a random delay per request, `uniform` (`lower`..`upper` ms), `lognormal`
/// (`median` ms, `sigma`, optional `maxValue` cap) or `fixed` (`milliseconds`).
public enum DelayDistribution: Sendable, Equatable {
    case uniform(lower: Int, upper: Int)
    case lognormal(median: Double, sigma: Double, maxValue: Double?)
    case fixed(Int)

    public init(json: JSONValue, path: String) throws {
        let r = try FieldReader(json, path: path)
        func number(_ key: String) throws -> Double {
            guard let v = json[key]?.doubleValue, v >= 0, v <= Self.maxMilliseconds else {
                throw MappingError(path: r.sub(key), message: "needs a number of milliseconds from 0 to \(Int(Self.maxMilliseconds))")
            }
            return v
        }
        switch try r.string("type") {
        case "uniform":
            let lower = Int(try number("lower")), upper = Int(try number("upper"))
            guard lower <= upper else { throw MappingError(path: r.sub("upper"), message: "must not be below lower (\(lower))") }
            self = .uniform(lower: lower, upper: upper)
        case "lognormal":
            self = .lognormal(median: try number("median"), sigma: try number("sigma"), maxValue: json["maxValue"]?.doubleValue)
        case "fixed":
            self = .fixed(Int(try number("milliseconds")))
        case let other:
            throw MappingError(path: r.sub("type"), message: "\(other.map { "'\($0)'" } ?? "no type"); use uniform, lognormal or fixed")
        }
    }

    /// The longest delay a mapping may ask for (an hour); draws are capped there too.
    static let maxMilliseconds: Double = 3_600_000

    /// One draw, in milliseconds (0 to an hour).
    public func sample<G: RandomNumberGenerator>(using rng: inout G) -> Double {
        let v = draw(using: &rng)
        return v.isFinite ? min(max(v, 0), Self.maxMilliseconds) : Self.maxMilliseconds
    }

    private func draw<G: RandomNumberGenerator>(using rng: inout G) -> Double {
        switch self {
        case let .uniform(lower, upper): return Double(Int.random(in: lower...upper, using: &rng))
        case let .fixed(ms): return Double(ms)
        case let .lognormal(median, sigma, maxValue):
            // Box–Muller for a standard normal draw; median · e^(σ·z) is log-normal with that median.
            let u1 = Double.random(in: Double.leastNonzeroMagnitude..<1, using: &rng), u2 = Double.random(in: 0..<1, using: &rng)
            let z = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            let v = median * exp(sigma * z)
            return maxValue.map { min(v, $0) } ?? v
        }
    }

    public var json: JSONValue {
        switch self {
        case let .uniform(l, u): return .object([("type", .string("uniform")), ("lower", .number(l)), ("upper", .number(u))])
        case let .fixed(ms): return .object([("type", .string("fixed")), ("milliseconds", .number(ms))])
        case let .lognormal(m, s, max):
            return .object([("type", .string("lognormal")), ("median", .number(m)), ("sigma", .number(s))]
                + (max.map { [("maxValue", JSONValue.number($0))] } ?? []))
        }
    }
}
