import CartoArch
import CartoCore
import Foundation
import XCTest

/// A throwaway codebase on disk: tests analyse real files, the same way the CLI does.
final class TestCodebase {
    let root: String

    init(_ files: [String: String]) throws {
        root = NSTemporaryDirectory() + "carto-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    convenience init(source: String) throws { try self.init(["Sources/Main.swift": source]) }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
    }

    func analyze(preset: String? = nil, jobs: Int = 2, configure: (inout ArchitectureAnalyzer.Options) -> Void = { _ in }) throws -> ArchitectureReport {
        var options = ArchitectureAnalyzer.Options()
        options.preset = preset
        options.jobs = jobs
        configure(&options)
        return try ArchitectureAnalyzer(options: options).analyze(path: root)
    }

    func detect() throws -> AnalysisDocument {
        try ArchitectureAnalyzer(options: .init()).detect(path: root)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

extension ArchitectureReport {
    func component(_ qualifiedName: String, file: StaticString = #filePath, line: UInt = #line) -> ReportComponent? {
        let c = components.first { $0.qualifiedName == qualifiedName }
        if c == nil { XCTFail("no component \(qualifiedName); have \(components.map(\.qualifiedName))", file: file, line: line) }
        return c
    }

    func dependencies(from: String, to: String) -> [Dependency] {
        dependencies.filter { $0.from == from && $0.to == to }
    }
}
