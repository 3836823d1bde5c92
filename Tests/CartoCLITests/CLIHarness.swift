import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

enum CLIHarnessPaths {
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The `carto` binary under test: CARTO_BIN, beside the test bundle, or in .build.
    static var binary: String {
        if let env = ProcessInfo.processInfo.environment["CARTO_BIN"] { return env }
        let candidates = [Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for dir in candidates {
            let path = dir.appendingPathComponent("carto").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        for config in ["debug", "release"] {
            let path = repoRoot + "/.build/\(config)/carto"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "carto"
    }
}

struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the real `carto` executable the way users and CI do.
protocol CLIHarness: XCTestCase {}

extension CLIHarness {
    typealias Result = CLIResult
    var repoRoot: String { CLIHarnessPaths.repoRoot }
    static var binary: String { CLIHarnessPaths.binary }

    @discardableResult
    func carto(_ arguments: [String], environment: [String: String] = [:], cwd: String? = nil) throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIHarnessPaths.binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Starts carto in the background; the pipe receives its stdout, or its stderr when `stderr` is true (the
    /// other stream is discarded).
    func launch(_ arguments: [String], stderr: Bool = false, environment: [String: String] = [:]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIHarnessPaths.binary)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let pipe = Pipe()
        process.standardOutput = stderr ? FileHandle.nullDevice : pipe
        process.standardError = stderr ? pipe : FileHandle.nullDevice
        try process.run()
        return (process, pipe)
    }

    /// Starts a long-running `carto ARGS` (a server) and returns it with the base URL from its banner on stderr.
    func startServer(_ arguments: [String]) throws -> (Process, String, Pipe) {
        let (process, err) = try launch(arguments, stderr: true)
        addTeardownBlock { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        var text = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let r = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) { return (process, String(text[r]), err) }
        }
        XCTFail("no banner from carto \(arguments.first ?? ""): \(text)")
        throw CocoaError(.fileReadUnknown)
    }

    /// One blocking HTTP request: (status, body).
    func http(_ method: String, _ url: String, body: Data? = nil, headers: [String: String] = [:]) throws -> (Int, String) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body
        for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, String) = (0, "")
        URLSession.shared.dataTask(with: request) { data, response, _ in
            result = ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data ?? Data(), as: UTF8.self))
            done.signal()
        }.resume()
        done.wait()
        return result
    }

    /// Runs another program to its end; its stdout (stderr is discarded) and exit status.
    func runProgram(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    func tempDir() throws -> String {
        let dir = NSTemporaryDirectory() + "carto-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }
}
