import CartoArch
import CartoCore

/// SARIF 2.1.0 for code-scanning UIs: one result per violation, repository-relative paths.
public enum SARIFReport {
    public static func render(_ report: ArchitectureReport) throws -> String {
        let rules = report.rules.map { r in
            SARIF.ReportingDescriptor(id: r.id, name: r.name.replacingOccurrences(of: " ", with: ""), shortDescription: r.name,
                                      fullDescription: r.summary, level: .error)
        }
        let index = Dictionary(uniqueKeysWithValues: report.rules.enumerated().map { ($1.id, $0) })
        let prefix = report.repositoryPrefix.isEmpty ? "" : report.repositoryPrefix + "/"
        let results = report.violations.map { v in
            SARIF.Result(ruleId: v.rule, ruleIndex: index[v.rule], level: .error, message: v.message,
                         locations: [SARIF.Location(uri: SARIF.uri(forRelativePath: prefix + v.file), startLine: v.line)],
                         partialFingerprints: ["cartoViolation/v1": v.fingerprint],
                         baselineState: v.isNew ? "new" : "unchanged")
        }
        let driver = SARIF.Driver(name: "carto", version: report.version, informationUri: CartoVersion.informationURI, rules: rules)
        let log = SARIF.Log(runs: [SARIF.Run(tool: SARIF.Tool(driver: driver), results: results)])
        return try JSONOutput.string(log)
    }
}

import Foundation
