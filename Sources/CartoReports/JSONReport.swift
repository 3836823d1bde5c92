import CartoArch
import CartoCore
import Foundation

/// The JSON contract of `carto arch --format json`, written by hand with keys in sorted order (fast on big
/// codebases). `JSONReportTests` checks it says exactly what `JSONEncoder` says for the same report.
public enum JSONReport {
    public static func render(_ r: ArchitectureReport) -> String { String(decoding: renderBytes(r), as: UTF8.self) }

    /// The report as UTF-8 bytes, ending in a newline: what the CLI writes (a 9 MB report is not copied into a
    /// `String` and back).
    public static func renderBytes(_ r: ArchitectureReport) -> [UInt8] {
        // The dependency list is most of the output: write it on a second core meanwhile.
        let dependencies = Concurrently(r.dependencies.count > 2_000 && ProcessInfo.processInfo.activeProcessorCount > 1) {
            var f = JSONWriter.elements(depth: 1, capacity: r.dependencies.count * 140)
            for d in r.dependencies {
                f.element(); f.beginObject()
                f.field("file", d.file); f.field("from", d.from); f.field("kind", d.kind.rawValue); f.field("line", d.line); f.field("to", d.to)
                f.endObject()
            }
            return f
        }
        var w = JSONWriter(capacity: 256 + r.components.count * 300 + r.externalDependencies.count * 100)
        w.beginObject()
        func evidence(_ w: inout JSONWriter, _ e: ArchitectureEvidence) {
            w.field("composableArchitectureImports", e.composableArchitectureImports); w.field("coordinators", e.coordinators)
            w.field("interactors", e.interactors); w.field("observableModels", e.observableModels); w.field("presenters", e.presenters)
            w.field("reducers", e.reducers); w.field("routers", e.routers); w.field("swiftUIViews", e.swiftUIViews)
            w.field("uiKitViews", e.uiKitViews); w.field("viewControllers", e.viewControllers); w.field("viewModels", e.viewModels)
        }
        w.field("architecture") { w in
            w.field("confidence", r.architecture.confidence)
            w.field("evidence") { w in evidence(&w, r.architecture.evidence) }
            w.field("modules", array: r.architecture.modules) { w, m in
                w.field("confidence", m.confidence)
                w.field("evidence") { w in evidence(&w, m.evidence) }
                w.field("inherited", m.inherited); w.field("module", m.module); w.field("style", m.style.rawValue)
            }
            w.field("style", r.architecture.style.rawValue)
        }
        w.field("components", array: r.components) { w, c in
            w.field("file", c.file); w.field("heuristic", c.heuristic); w.field("id", c.id); w.field("kind", c.kind.rawValue)
            w.field("layer", c.layer); w.field("line", c.line)
            if let module = c.module { w.field("module", module) }
            w.field("name", c.name); w.field("qualifiedName", c.qualifiedName)
            w.field("reason", c.reason); w.field("role", c.role); w.field("size", c.size)
        }
        w.field("dependencies", elements: dependencies.value)
        w.field("diagnostics", array: r.diagnostics) { w, d in
            w.field("file", d.file)
            if let line = d.line { w.field("line", line) }
            w.field("message", d.message); w.field("severity", d.severity.rawValue)
        }
        w.field("externalDependencies", array: r.externalDependencies) { w, e in
            w.field("count", e.count); w.field("from", e.from); w.field("origin", e.origin.rawValue); w.field("to", e.to)
        }
        w.field("layers", array: r.layers) { w, l in
            w.field("color", l.color); w.field("name", l.name); w.field("title", l.title)
        }
        w.field("metrics") { w in metrics(&w, r.metrics) }
        w.field("modules", array: r.modules) { w, m in
            w.field("dependencies", strings: m.dependencies); w.field("externalDependencies", strings: m.externalDependencies)
            w.field("kind", m.kind.rawValue); w.field("manifest", m.manifest); w.field("name", m.name); w.field("origin", m.origin.rawValue)
            w.field("sourcePaths", strings: m.sourcePaths)
        }
        w.field("preset", r.preset)
        w.field("repositoryPrefix", r.repositoryPrefix)
        w.field("root", r.root)
        w.field("rules", array: r.rules) { w, rule in
            w.field("aliases", strings: rule.aliases); w.field("id", rule.id); w.field("name", rule.name); w.field("summary", rule.summary)
        }
        w.field("tool", r.tool)
        w.field("version", r.version)
        w.field("violations", array: r.violations) { w, v in
            w.field("file", v.file); w.field("from", v.from); w.field("fromLayer", v.fromLayer); w.field("isNew", v.isNew)
            w.field("kind", v.kind.rawValue); w.field("line", v.line); w.field("message", v.message); w.field("rule", v.rule)
            w.field("to", v.to); w.field("toLayer", v.toLayer)
        }
        w.endObject()
        // The newline goes in through the writer: appending to a copy of `output` would copy all 9 MB.
        w.newlineAtEnd()
        return w.output
    }

    private static func metrics(_ w: inout JSONWriter, _ m: ArchitectureMetrics) {
        w.field("componentMetrics", array: m.componentMetrics, component)
        w.field("components", m.components)
        w.field("dependencies", m.dependencies)
        w.field("delegateInterfaceDependencies", m.delegateInterfaceDependencies)
        w.field("layerDependencies", array: m.layerDependencies, pair)
        w.field("layers", array: m.layers) { w, l in
            w.field("completeExternalDependencies", l.completeExternalDependencies); w.field("components", l.components)
            w.field("externalDependencies", l.externalDependencies); w.field("internalDependencies", l.internalDependencies)
            w.field("layer", l.layer); w.field("otherReferences", l.otherReferences); w.field("sdkReferences", l.sdkReferences)
            w.field("share", l.share); w.field("standardLibraryReferences", l.standardLibraryReferences)
        }
        w.field("newViolations", m.newViolations)
        w.field("pressurePoints", array: m.pressurePoints, component)
        w.field("preset", m.preset)
        w.field("suppressedViolations", m.suppressedViolations)
        w.field("viewControllerToCoordinator") { w in pair(&w, m.viewControllerToCoordinator) }
        w.field("violations", m.violations)
    }

    private static func pair(_ w: inout JSONWriter, _ p: ArchitectureMetrics.PairMetrics) {
        w.field("dependencies", p.dependencies); w.field("distinctPairs", p.distinctPairs); w.field("distinctTargets", p.distinctTargets)
        w.field("from", p.from); w.field("to", p.to); w.field("violating", p.violating)
    }

    private static func component(_ w: inout JSONWriter, _ c: ArchitectureMetrics.ComponentMetrics) {
        w.field("component", c.component); w.field("distinctViolatingDependencies", c.distinctViolatingDependencies)
        w.field("externalReferences", c.externalReferences); w.field("fanIn", c.fanIn); w.field("fanOut", c.fanOut)
        w.field("instability", c.instability); w.field("layer", c.layer); w.field("violations", c.violations)
    }
}
