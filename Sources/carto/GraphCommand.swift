import ArgumentParser
import CartoCore
import CartoExplore
import Foundation

/// `carto graph`: compare and convert crawl models.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Compare and convert state-flow models written by carto crawl.",
        subcommands: [Diff.self, Convert.self]
    )

    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "States and edges added or removed from model A to model B (versions, or two platforms).",
            discussion: "States match by their abstract identity (the properties in model.json: container, route, title, headings, controls, lists) and by structure: the start screens pair up, and so do the screens that corresponding events lead to, even where the two models name their controls differently (another framework, build or platform). Such renames are listed but are not differences; a paired state whose properties still differ is reported as changed. Edges match by source, event and target in those terms. --exact pairs identical identities only and counts a renamed control as a removed and an added state. --ignore title --ignore container compares two builds of one app served under other titles and paths; --states-only leaves edges out. Exit codes: 0 same, 1 differences, 2 input error.")
        @Argument(help: "The earlier model.json (or its crawl folder).") var a: String
        @Argument(help: "The later model.json (or its crawl folder).") var b: String
        @Option(name: .shortAndLong, help: "Output format: text or json.") var format: String = "text"
        @Option(help: "Leave a kind of state property out: \(StateProperty.Kind.allCases.map(\.rawValue).joined(separator: ", ")) (repeatable).")
        var ignore: [String] = []
        @Flag(name: .customLong("states-only"), help: "Compare states only, not edges.") var statesOnly = false
        @Flag(help: "Pair identical identities only: no structural pairing, no renames.") var exact = false

        func run() throws {
            guard ["text", "json"].contains(format) else { throw CartoError("--format \(format): expected text or json") }
            let kinds = try Set(ignore.map { name -> StateProperty.Kind in
                guard let kind = StateProperty.Kind(rawValue: name) else {
                    throw CartoError("--ignore \(name): expected one of \(StateProperty.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return kind
            })
            let diff = GraphDiff(from: try ModelExport.load(modelPath(a)), to: try ModelExport.load(modelPath(b)),
                                 ignoring: kinds, edges: !statesOnly, exact: exact)
            print(format == "json" ? try JSONOutput.string(diff) : diff.text(), terminator: format == "json" ? "\n" : "")
            Foundation.exit(diff.isEmpty ? ExitStatus.success.rawValue : ExitStatus.findings.rawValue)
        }
    }

    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Convert a model.json to DOT, GraphML, the paper's XML graph, HTML or JSON.")
        @Argument(help: "A model.json (or its crawl folder).") var model: String
        @Option(name: .shortAndLong, help: "Output format: \(ModelExport.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
        var format: ModelExport.Format = .dot
        @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?

        func run() throws {
            let text = try ModelExport.render(try ModelExport.load(modelPath(model)), as: format)
            if let output {
                do { try text.write(toFile: output, atomically: true, encoding: .utf8) } catch {
                    throw CartoError("\(output): cannot write (\(error.localizedDescription))")
                }
            } else {
                print(text, terminator: "")
            }
        }
    }
}

/// A crawl folder stands for its model.json.
func modelPath(_ path: String) -> String {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return path + "/model.json" }
    return path
}
