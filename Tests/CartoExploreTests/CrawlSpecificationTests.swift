import CartoCore
@testable import CartoExplore
import XCTest

/// The crawl specification's parser: what it accepts, and one line naming the file, line and key for what it does not.
final class CrawlSpecificationTests: XCTestCase {
    func testParsesEveryPartAndAppliesItToAConfiguration() throws {
        let yaml = """
        preset: mvc
        crawl:
          abstraction: paper
          inputs:
            "id:^email$": [ann@example.org, bob@example.org]
            "placeholder:Coupon": SAVE10
          forms:
            - { "id:^user$": ann, "id:^password$": secret }
          block: ["label:Log ?out"]
          only: ["css:#main"]
          ignore: ["id:^ticker$"]
          lists: ["css:\\\\.cards"]
          invariants:
            - { name: no error banner, absent: "css:\\\\.error" }
            - { name: logo, exists: "id:^logo$", url: "^/shop" }
            - { name: no traces, notText: "Exception|Traceback" }
        """
        let spec = try CrawlSpecification.parse(yaml, file: ".carto.yml")
        XCTAssertEqual(spec.abstraction, .paper)
        XCTAssertEqual(spec.inputs.fields.map(\.values), [["ann@example.org", "bob@example.org"], ["SAVE10"]])
        XCTAssertEqual(spec.inputs.formSets.count, 1)
        XCTAssertEqual(spec.inputs.formSets[0].map(\.field.description), ["id:^user$", "id:^password$"])
        XCTAssertEqual(spec.block, ["label:Log ?out"])
        XCTAssertEqual(spec.only.map(\.description), ["css:#main"])
        XCTAssertEqual(spec.ignore.map(\.description), ["id:^ticker$"])
        XCTAssertEqual(spec.invariants.map(\.name), ["no error banner", "logo", "no traces"])
        XCTAssertEqual(spec.invariants[1].whereURL, "^/shop")
        var configuration = CrawlConfiguration()
        try spec.apply(to: &configuration)
        XCTAssertEqual(configuration.abstraction, .paper)
        XCTAssertEqual(configuration.blocklist.patterns.map(\.source), ["Log ?out"])
        XCTAssertEqual(configuration.overrides.lists.count, 1)
        XCTAssertEqual(configuration.invariants.count, 3)
    }

    func testBadSpecificationsNameTheFileLineAndKey() {
        let cases: [(String, String)] = [
            ("crawl:\n  colour: red\n", "spec.yml:2: unknown key 'colour'; expected one of abstraction, inputs, forms"),
            ("crawl:\n  abstraction: fuzzy\n", "spec.yml:2: key 'abstraction': expected screen or paper"),
            ("crawl:\n  inputs:\n    \"email=x\": a\n", "spec.yml:3: key 'inputs': email=x: expected FIELD:PATTERN"),
            ("crawl:\n  only:\n    - \"css:[\"\n", "spec.yml:3: key 'only': css:[: invalid regular expression"),
            ("crawl:\n  invariants:\n    - { name: x }\n", "spec.yml:3: key 'invariants': an invariant needs exists, absent, text or notText"),
            ("crawl:\n  invariants:\n    - { name: x, absent: \"id:a\", exists: \"id:b\" }\n", "spec.yml:3: key 'invariants.exists': an invariant has one check"),
            ("crawl:\n  invariants:\n    - { name: x, colour: red }\n", "spec.yml:3: unknown key 'invariants.colour'"),
            ("crawl:\n  block: [\"shape:round\"]\n", "spec.yml:2: key 'block': --block shape:round: expected label:REGEX"),
            ("crawl: [1, 2\n", "spec.yml: invalid YAML"),
            ("- a\n- b\n", "spec.yml:1: the crawl specification must be a mapping"),
        ]
        for (yaml, expected) in cases {
            XCTAssertThrowsError(try CrawlSpecification.parse(yaml, file: "spec.yml"), yaml) { error in
                let message = (error as? CartoError)?.message ?? "\(error)"
                XCTAssertTrue(message.hasPrefix(expected), "\(yaml)\ngot: \(message)\nexpected: \(expected)")
                XCTAssertFalse(message.contains("\n"), "one line: \(message)")
            }
        }
    }

    func testInputRulesFromTheCommandLineAndTheirFills() throws {
        let rule = try InputRule(parsing: "id:^code$=a=b")
        XCTAssertEqual(rule.field.description, "id:^code$")
        XCTAssertEqual(rule.values, ["a=b"], "the value may hold '='")
        XCTAssertThrowsError(try InputRule(parsing: "id:code")) { XCTAssertTrue("\($0)".contains("expected FIELD:PATTERN=VALUE")) }
        var inputs = InputSpecification()
        inputs.add(try InputRule(parsing: "id:^code$=wrong"))
        inputs.add(try InputRule(parsing: "id:^code$=OPEN"))
        let code = UIElement(role: .textField, platformType: "input[type=text]", identifier: "code", actions: [.tap, .type])
        let name = UIElement(role: .textField, platformType: "input[type=text]", identifier: "name", actions: [.tap, .type])
        XCTAssertEqual(inputs.fills(for: [code, name]), [["wrong", nil], ["OPEN", nil]])
        XCTAssertEqual(InputSpecification().fills(for: [code]), [[nil]], "no rule: one fill with the sample values")
        // The planner makes one fill event per value set, told apart by their keys.
        let form = UISnapshot(context: ScreenContext(title: "Vault", container: "/"), root: UIElement(role: .window, platformType: "document", children: [
            UIElement(role: .form, platformType: "form", locator: "css selector:#f", children: [code,
                UIElement(role: .button, platformType: "button", label: "Unlock", actions: [.tap], target: "submit")])]))
        let events = EventPlanner(inputs: inputs).plan(form, origin: nil).events.filter { $0.kind == .fill }
        XCTAssertEqual(events.map { $0.fields.map(\.text) }, [["wrong"], ["OPEN"]])
        XCTAssertEqual(Set(events.map(\.key)).count, 2)
        XCTAssertEqual(events.first?.submit?.label, "Unlock")
    }

    func testOnlyRestrictsWhatIsActedOn() throws {
        let snapshot = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document", children: [
            UIElement(role: .button, platformType: "button", identifier: "keep", label: "Keep", actions: [.tap], target: "click"),
            UIElement(role: .button, platformType: "button", identifier: "other", label: "Other", actions: [.tap], target: "click")]))
        let plan = EventPlanner(only: [try ElementMatcher("id:^keep$")]).plan(snapshot, origin: nil)
        XCTAssertEqual(plan.events.compactMap { $0.target?.identifier }, ["keep"])
        XCTAssertEqual(plan.skipped.map(\.reason), ["matches no --only pattern"])
    }
}
