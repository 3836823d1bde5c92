import CartoCore
import CartoDrivers
import Foundation
import Yams

/// A recorded or written journey through an app: FoneMonkey-style high-level commands (command + component type +
/// target + arguments), each target carrying several locators so replay can fall back when one stops matching.
/// Stored as JSON (`script.json`) or readable YAML (`script.yaml`); both decode to this type.
public struct JourneyScript: Codable, Sendable, Equatable {
    public var schema = "carto.journey/1"
    /// `web` or `ios`.
    public var platform: String
    /// Start URL (web) or bundle id (iOS).
    public var start: String
    public var viewport: Viewport?
    public var steps: [JourneyStep]

    public struct Viewport: Codable, Sendable, Equatable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) { self.width = width; self.height = height }
    }

    public init(platform: String, start: String, viewport: Viewport? = nil, steps: [JourneyStep] = []) {
        self.platform = platform; self.start = start; self.viewport = viewport; self.steps = steps
    }

    enum CodingKeys: String, CodingKey { case schema, platform, start, viewport, steps }

    /// `schema` may be left out of hand-written scripts; a newer one is refused.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schema = try c.decodeIfPresent(String.self, forKey: .schema) ?? "carto.journey/1"
        guard schema == "carto.journey/1" else {
            throw DecodingError.dataCorruptedError(forKey: .schema, in: c, debugDescription: "\(schema) is not a schema this carto reads (carto.journey/1); update carto")
        }
        platform = try c.decodeIfPresent(String.self, forKey: .platform) ?? "web"
        start = try c.decode(String.self, forKey: .start)
        viewport = try c.decodeIfPresent(Viewport.self, forKey: .viewport)
        steps = try c.decode([JourneyStep].self, forKey: .steps)
    }

    // MARK: files

    public enum Format: String, Sendable { case json, yaml }

    public static func format(of path: String) -> Format {
        path.hasSuffix(".yaml") || path.hasSuffix(".yml") ? .yaml : .json
    }

    public func encoded(as format: Format) throws -> Data {
        switch format {
        case .json:
            return Data(try JSONOutput.string(self).utf8)
        case .yaml:
            let encoder = YAMLEncoder()
            encoder.options.sortKeys = false
            return Data(try encoder.encode(self).utf8)
        }
    }

    public func write(to path: String) throws {
        do { try encoded(as: Self.format(of: path)).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw CartoError("\(path): cannot write the script (\(error.localizedDescription)); check the folder exists and is writable")
        }
    }

    /// Reads a `.json`, `.yaml` or `.yml` script; errors name the file and, where the decoder knows it, the step.
    public static func read(_ path: String) throws -> JourneyScript {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CartoError("\(path): cannot read the script; check the path (record one with `carto record URL --output DIR`)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw CartoError("\(path): not UTF-8 text; save the script as UTF-8") }
        let script: JourneyScript
        do {
            script = format(of: path) == .yaml ? try YAMLDecoder().decode(JourneyScript.self, from: text)
                                                : try JSONDecoder().decode(JourneyScript.self, from: data)
        } catch let error as DecodingError {
            throw CartoError("\(path): \(describe(error)); fix the script")
        } catch {
            throw CartoError("\(path): not a valid \(format(of: path) == .yaml ? "YAML" : "JSON") script (\(error)); fix the syntax")
        }
        for (i, step) in script.steps.enumerated() {
            if let problem = step.problem { throw CartoError("\(path): step \(i + 1) (\(step.command.rawValue)): \(problem); fix the script") }
        }
        return script
    }

    private static func describe(_ error: DecodingError) -> String {
        func where_(_ path: [CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0 + 1)]" } ?? ".\($0.stringValue)" }.joined().replacingOccurrences(of: "steps[", with: "step [")
        }
        switch error {
        case .keyNotFound(let key, let c): return "\(where_(c.codingPath + [key])) is missing"
        case .typeMismatch(_, let c), .valueNotFound(_, let c): return "\(where_(c.codingPath)) has the wrong type"
        case .dataCorrupted(let c):
            // An unknown command names its step as the other step problems do: `step 3 (jump): unknown command; …`.
            if c.codingPath.last?.stringValue == "command", c.codingPath.count >= 2, let index = c.codingPath[c.codingPath.count - 2].intValue {
                return "step \(index + 1) \(c.debugDescription)"
            }
            return c.codingPath.isEmpty ? "not valid JSON or YAML" : "\(where_(c.codingPath)): \(c.debugDescription)"
        @unknown default: return "unreadable"
        }
    }
}

/// What a step does: one of the shared user actions (`ActionCommand`), or a check. Written as the command's word
/// (`tap`, `type`, …, `verify`) in scripts.
public enum StepCommand: Hashable, Sendable, RawRepresentable, Codable, CustomStringConvertible {
    case action(ActionCommand)
    case verify

    public init?(rawValue: String) {
        if rawValue == "verify" { self = .verify } else if let command = ActionCommand(rawValue: rawValue) { self = .action(command) } else { return nil }
    }
    public var rawValue: String {
        switch self {
        case .action(let command): return command.rawValue
        case .verify: return "verify"
        }
    }
    public var description: String { rawValue }
    public static var all: [StepCommand] { ActionCommand.allCases.map { .action($0) } + [.verify] }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let command = StepCommand(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "(\(text)): unknown command; use one of \(Self.all.map(\.rawValue).sorted().joined(separator: ", "))"))
        }
        self = command
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

/// One step: a user action (`ActionCommand`'s command, component, target, arguments) or a check. `args` by command:
/// `type` [text] (`${NAME}` is replaced by `--var NAME=…`), `setValue` [value], `swipe` [direction], `verify`
/// [what, expected] with what = `screen` (title), `text` (shown anywhere), `exists`, `absent`, `value` (the
/// target's value).
public struct JourneyStep: Codable, Sendable, Equatable {
    public var command: StepCommand
    /// The target's normalised role: `button`, `link`, `textField`, …
    public var component: String?
    public var target: Locators?
    public var args: [String]?
    /// The screen the step was recorded on.
    public var screen: String?
    /// A screenshot taken when the step was recorded (relative to the script).
    public var screenshot: String?

    public static let verifications: Set<String> = ["screen", "text", "exists", "absent", "value"]

    public init(command: StepCommand, component: String? = nil, target: Locators? = nil, args: [String]? = nil, screen: String? = nil) {
        self.command = command; self.component = component; self.target = target; self.args = args; self.screen = screen
    }

    /// The step that performs `action`.
    public init(_ action: UserAction, screen: String? = nil) {
        self.init(command: .action(action.command), component: action.component, target: action.target, args: action.arguments, screen: screen)
    }

    /// The user action this step performs (nil for a check).
    public var action: UserAction? {
        guard case .action(let command) = command else { return nil }
        return UserAction(command: command, component: component, target: target, arguments: args)
    }

    /// What is wrong with the step, or nil.
    var problem: String? {
        switch command {
        case .action(let action):
            if action.needsTarget, target?.isEmpty != false { return "needs a target with at least one locator (id, label, text or path)" }
            if action.argument != nil, (args ?? []).isEmpty { return "needs an argument (\(action.argument!))" }
        case .verify:
            guard let what = args?.first, Self.verifications.contains(what) else { return "verify needs args [what, expected] with what one of \(Self.verifications.sorted().joined(separator: ", "))" }
            if ["screen", "text", "value"].contains(what), (args ?? []).count < 2 { return "verify \(what) needs the expected text" }
            if ["exists", "absent", "value"].contains(what), target?.isEmpty != false { return "verify \(what) needs a target" }
        }
        return nil
    }

    /// Human words for reports: `tap button "Sign in"`.
    public var summary: String {
        let name = target?.shortName ?? ""
        var parts = [command.rawValue]
        if let component, command != .verify { parts.append(component) }
        if !name.isEmpty { parts.append(name) }
        if let args, !args.isEmpty { parts.append(args.map { $0.count > 40 ? String($0.prefix(39)) + "…" : $0 }.map { "\"\($0)\"" }.joined(separator: " ")) }
        return parts.joined(separator: " ")
    }
}
