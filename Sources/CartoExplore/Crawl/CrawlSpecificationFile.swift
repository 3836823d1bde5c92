import CartoCore
import CartoModel
import Foundation
import Yams

/// The crawl specification (after Crawljax's crawl rules and input specification), from `--config FILE` or the
/// `crawl:` section of `.carto.yml`; every part is also a CLI flag. A bad specification throws a `CartoError` naming
/// the file, the line and the key (exit 2).
///
/// ```yaml
/// crawl:
///   abstraction: screen            # or paper
///   inputs:                        # values per field; several values mean several fills
///     "id:email": [ann@example.org, bob@example.org]
///     "placeholder:Coupon": SAVE10
///   forms:                         # whole forms, one fill per value set
///     - { "id:user": ann, "id:password": secret }
///   block: ["label:Log ?out"]
///   only: ["css:#main"]
///   ignore: ["id:clock"]           # abstraction overrides: elements or regions to ignore
///   lists: ["css:\\.cards"]        # containers to treat as lists
///   setup: login.yaml              # a journey replayed before the crawl and after every restart
///   invariants:
///     - { name: no error banner, absent: "css:\\.error" }
///     - { name: logo, exists: "id:logo", url: "^/shop" }
///     - { name: no stack traces, notText: "Exception|Traceback" }
/// ```
public struct CrawlSpecification: Sendable, Equatable {
    public var abstraction: AbstractionMode?
    public var inputs = InputSpecification()
    public var block: [String] = []
    public var only: [ElementMatcher] = []
    public var ignore: [ElementMatcher] = []
    public var lists: [ElementMatcher] = []
    public var invariants: [Invariant] = []
    /// A journey script (path relative to the specification's folder) replayed before the crawl and after every
    /// restart; the CLI turns it into `CrawlConfiguration.setup` (CartoJourneys replays it).
    public var setup: String?
    /// URL patterns (`*` wildcards) the browser never loads: analytics, ads, third-party fonts that would slow every
    /// page or make it differ between runs. The CLI hands them to the browser driver.
    public var blockRequests: [String] = []
    public init() {}

    static let keys = ["abstraction", "inputs", "forms", "block", "blockRequests", "only", "ignore", "lists", "invariants", "setup"]
    static let invariantKeys = ["name", "exists", "absent", "text", "notText", "title", "url"]

    public static func load(path: String) throws -> CrawlSpecification {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CartoError("\(path): crawl specification is not readable; check the path and its permissions")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw CartoError("\(path): not valid UTF-8; re-save it as UTF-8") }
        return try parse(text, file: path)
    }

    /// Parses a specification; a document with a top-level `crawl:` key (`.carto.yml`) uses that section.
    public static func parse(_ text: String, file: String) throws -> CrawlSpecification {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw CartoError("\(file): invalid YAML: \(CartoError.oneLine("\(error)")); fix the syntax")
        }
        var spec = CrawlSpecification()
        guard var node = root else { return spec }
        if let section = node.mapping?["crawl"] { node = section }
        guard let mapping = node.mapping else {
            throw CartoError("\(file):\(line(node)): the crawl specification must be a mapping of keys (\(keys.joined(separator: ", ")))")
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            func fail(_ message: String, _ at: Node? = nil) -> CartoError { CartoError("\(file):\(line(at ?? value)): key '\(key)': \(message)") }
            func matchers(_ node: Node) throws -> [ElementMatcher] {
                try strings(node, fail: fail).map { item in
                    do { return try ElementMatcher(item.value) } catch let e as CartoError { throw fail(e.message, item.node) }
                }
            }
            switch key {
            case "abstraction":
                guard let name = value.string, let mode = AbstractionMode(rawValue: name) else { throw fail("expected screen or paper") }
                spec.abstraction = mode
            case "inputs":
                guard let fields = value.mapping else { throw fail("expected a mapping of FIELD:PATTERN to a value or a list of values") }
                for (fieldNode, valuesNode) in fields {
                    let field: ElementMatcher
                    do { field = try ElementMatcher(fieldNode.string ?? "") } catch let e as CartoError { throw fail(e.message, fieldNode) }
                    let values = try scalarList(valuesNode, fail: { fail($0, valuesNode) })
                    spec.inputs.add(InputRule(field: field, values: values))
                }
            case "forms":
                guard let sets = value.sequence else { throw fail("expected a list of forms, each a mapping of FIELD:PATTERN to a value") }
                for set in sets {
                    guard let m = set.mapping, !m.isEmpty else { throw fail("each form is a mapping of FIELD:PATTERN to a value", set) }
                    var rules: [InputRule] = []
                    for (fieldNode, valueNode) in m {
                        let field: ElementMatcher
                        do { field = try ElementMatcher(fieldNode.string ?? "") } catch let e as CartoError { throw fail(e.message, fieldNode) }
                        guard let v = valueNode.scalar?.string else { throw fail("a form's value must be text", valueNode) }
                        rules.append(InputRule(field: field, values: [v]))
                    }
                    spec.inputs.formSets.append(rules)
                }
            case "block":
                let items = try strings(value, fail: fail)
                for item in items { do { _ = try Blocklist([item.value]) } catch let e as CartoError { throw fail(e.message, item.node) } }
                spec.block = items.map(\.value)
            case "setup":
                guard let path = value.string, !path.isEmpty else { throw fail("expected the path of a journey script") }
                let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
                let resolved = path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardized.path
                guard FileManager.default.fileExists(atPath: resolved) else { throw fail("\(resolved) does not exist; record one with carto record or fix the path") }
                spec.setup = resolved
            case "blockRequests":
                let items = try strings(value, fail: fail)
                for item in items where item.value.isEmpty { throw fail("a URL pattern must not be empty, e.g. *://*.googleapis.com/*", item.node) }
                spec.blockRequests = items.map(\.value)
            case "only": spec.only = try matchers(value)
            case "ignore": spec.ignore = try matchers(value)
            case "lists": spec.lists = try matchers(value)
            case "invariants":
                guard let items = value.sequence else { throw fail("expected a list of invariants") }
                for item in items { spec.invariants.append(try parseInvariant(item, file: file)) }
            default:
                throw CartoError("\(file):\(line(keyNode)): unknown key '\(key)'; expected one of \(keys.joined(separator: ", "))")
            }
        }
        return spec
    }

    private static func parseInvariant(_ node: Node, file: String) throws -> Invariant {
        guard let m = node.mapping else { throw CartoError("\(file):\(line(node)): key 'invariants': each invariant is a mapping with name and one check") }
        var name: String?, check: Invariant.Check?, title: String?, url: String?
        for (keyNode, value) in m {
            let key = keyNode.string ?? ""
            func fail(_ message: String) -> CartoError { CartoError("\(file):\(line(value)): key 'invariants.\(key)': \(message)") }
            guard let text = value.scalar?.string else {
                if invariantKeys.contains(key) { throw fail("expected text") }
                throw CartoError("\(file):\(line(keyNode)): unknown key 'invariants.\(key)'; expected one of \(invariantKeys.joined(separator: ", "))")
            }
            func matcher() throws -> ElementMatcher { do { return try ElementMatcher(text) } catch let e as CartoError { throw fail(e.message) } }
            func regex() throws -> String {
                guard (try? NSRegularExpression(pattern: text)) != nil else { throw fail("invalid regular expression \(text)") }
                return text
            }
            if check != nil, ["exists", "absent", "text", "notText"].contains(key) { throw fail("an invariant has one check (exists, absent, text or notText)") }
            switch key {
            case "name": name = text
            case "exists": check = .exists(try matcher())
            case "absent": check = .absent(try matcher())
            case "text": check = .text(try regex(), present: true)
            case "notText": check = .text(try regex(), present: false)
            case "title": title = try regex()
            case "url": url = try regex()
            default:
                throw CartoError("\(file):\(line(keyNode)): unknown key 'invariants.\(key)'; expected one of \(invariantKeys.joined(separator: ", "))")
            }
        }
        guard let check else { throw CartoError("\(file):\(line(node)): key 'invariants': an invariant needs exists, absent, text or notText") }
        return try Invariant(name: name ?? "invariant at line \(line(node))", check: check, whereTitle: title, whereURL: url)
    }

    private static func strings(_ node: Node, fail: (String, Node?) -> CartoError) throws -> [(value: String, node: Node)] {
        if let s = node.scalar?.string { return [(s, node)] }
        guard let seq = node.sequence else { throw fail("expected a list of FIELD:PATTERN strings", node) }
        return try seq.map { item in
            guard let s = item.scalar?.string else { throw fail("expected text", item) }
            return (s, item)
        }
    }

    private static func scalarList(_ node: Node, fail: (String) -> CartoError) throws -> [String] {
        if let s = node.scalar?.string { return [s] }
        guard let seq = node.sequence, !seq.isEmpty else { throw fail("expected a value or a list of values") }
        return try seq.map { item in
            guard let s = item.scalar?.string else { throw fail("expected text values") }
            return s
        }
    }

    static func line(_ node: Node) -> Int { node.mark?.line ?? 1 }

    /// `.carto.yml` in the current folder when it has a `crawl:` section (used without `--config`).
    public static func local() -> String? {
        guard let data = FileManager.default.contents(atPath: ".carto.yml"),
              String(decoding: data, as: UTF8.self).range(of: "(?m)^crawl:", options: .regularExpression) != nil else { return nil }
        return ".carto.yml"
    }

    /// Applies this specification to a configuration (CLI flags come on top).
    public func apply(to configuration: inout CrawlConfiguration) throws {
        if let abstraction { configuration.specifiedAbstraction = abstraction }
        for rule in inputs.fields { configuration.inputs.add(rule) }
        configuration.inputs.formSets += inputs.formSets
        try configuration.blocklist.add(block)
        configuration.only += only
        configuration.overrides.ignore += ignore
        configuration.overrides.lists += lists
        configuration.invariants += invariants
    }
}
