import CartoCore
import Foundation
import SwiftParser
import SwiftSyntax

// Release-build benchmark for `carto arch`, run side by side in one process so that machine noise hits both:
//   carto-bench arch PATH [--runs N] [--carto PATH]
// 1. swift-syntax alone: read + parse every file on one thread (the baseline the issue names);
// 2. `carto arch PATH --format json` end to end as a subprocess, with its peak memory (wait4 rusage);
// alternating, N rounds; then checks that the JSON is byte-identical across runs and thread counts.
// Crawl benchmarks (CrawlBenchmarks.swift): `carto-bench lookup` and `carto-bench crawler`.

struct Options {
    var path = ""
    var runs = 5
    var carto = ""
}

func parseArguments() -> Options {
    var o = Options()
    var args = Array(CommandLine.arguments.dropFirst())
    guard args.first == "arch", args.count >= 2 else {
        FileHandle.standardError.write(Data("usage: carto-bench arch PATH [--runs N] [--carto PATH-TO-CARTO]\n".utf8))
        exit(2)
    }
    args.removeFirst()
    o.path = args.removeFirst()
    while !args.isEmpty {
        let a = args.removeFirst()
        switch a {
        case "--runs": o.runs = Int(args.removeFirst()) ?? 5
        case "--carto": o.carto = args.removeFirst()
        default: FileHandle.standardError.write(Data("unknown option \(a)\n".utf8)); exit(2)
        }
    }
    if o.carto.isEmpty {
        o.carto = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("carto").path
    }
    return o
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// swift-syntax alone on one thread: read and parse every file, nothing else.
func parseOnly(_ files: [FileDiscovery.File]) -> (seconds: Double, lines: Int) {
    let start = now()
    var lines = 0
    for f in files {
        guard let data = FileManager.default.contents(atPath: f.path) else { continue }
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let tree = Parser.parse(source: bytes)
            lines += bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            _ = tree.statements.count
        }
    }
    return (now() - start, lines)
}

/// Runs carto; returns wall seconds, peak RSS in MB and the output bytes.
func runCarto(_ carto: String, path: String, jobs: Int?, output: String) -> (seconds: Double, peakMB: Double, status: Int32) {
    var args = [carto, "arch", path, "--format", "json", "--output", output, "--quiet"]
    if let jobs { args += ["--jobs", String(jobs)] }
    let start = now()
    var pid: pid_t = 0
    let cargs = args.map { strdup($0) } + [nil]
    defer { cargs.forEach { free($0) } }
    guard posix_spawn(&pid, carto, nil, nil, cargs, environ) == 0 else {
        FileHandle.standardError.write(Data("cannot start \(carto)\n".utf8)); exit(2)
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let seconds = now() - start
    return (seconds, Double(usage.ru_maxrss) / 1024, (status >> 8) & 0xFF)
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? 0 : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
}

if CommandLine.arguments.dropFirst().first == "generate-sessions" {
    runGenerateSessions(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "recorder" {
    runRecorderBenchmark(Array(CommandLine.arguments.dropFirst(2)))
}
if CommandLine.arguments.dropFirst().first == "usage" {
    runUsageBenchmark(Array(CommandLine.arguments.dropFirst(2)))
}
if CommandLine.arguments.dropFirst().first == "regex" {
    runRegexBenchmark(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "events" {
    runEventsBenchmark(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
if let mode = CommandLine.arguments.dropFirst().first, mode == "lookup" || mode == "crawler" {
    mode == "lookup" ? runLookupBenchmark(Array(CommandLine.arguments.dropFirst(2))) : runCrawlerBenchmark(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
let options = parseArguments()
let discovery = FileDiscovery(options: .init(extensions: ["swift"]))
let found = try discovery.discover(root: options.path)
let files = found.files.filter { (try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int).map { $0 <= 1_048_576 } ?? false }
let cores = ProcessInfo.processInfo.activeProcessorCount
print("codebase: \(options.path)\nfiles: \(files.count) Swift files (vendored folders and files over 1 MiB excluded, as carto does)\ncores: \(cores)\nrounds: \(options.runs)")

let tmp = NSTemporaryDirectory() + "carto-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: tmp) }

// Warm the page cache and the binary once, untimed.
_ = parseOnly(files)
_ = runCarto(options.carto, path: options.path, jobs: nil, output: tmp + "/warm.json")

var parseTimes: [Double] = [], cartoTimes: [Double] = [], peaks: [Double] = []
var lines = 0
for round in 1...options.runs {
    let p = parseOnly(files)
    lines = p.lines
    let c = runCarto(options.carto, path: options.path, jobs: nil, output: tmp + "/run\(round).json")
    parseTimes.append(p.seconds); cartoTimes.append(c.seconds); peaks.append(c.peakMB)
    print(String(format: "round %d: swift-syntax parse (1 thread) %.3f s | carto arch --format json (%d jobs) %.3f s, peak %.0f MB, exit %d",
                 round, p.seconds, cores, c.seconds, c.peakMB, c.status))
}
let single = runCarto(options.carto, path: options.path, jobs: 1, output: tmp + "/jobs1.json")
print(String(format: "carto arch --jobs 1: %.3f s, peak %.0f MB", single.seconds, single.peakMB))

let reference = FileManager.default.contents(atPath: tmp + "/run1.json") ?? Data()
var identical = true
for name in (1...options.runs).map({ "run\($0).json" }) + ["jobs1.json"] {
    if FileManager.default.contents(atPath: tmp + "/" + name) != reference { identical = false; print("DIFFERENT: \(name)") }
}

let ratio = median(cartoTimes) / median(parseTimes)
print("")
print("lines: \(lines)")
print(String(format: "median swift-syntax parse, one thread: %.3f s", median(parseTimes)))
print(String(format: "median carto arch end to end:          %.3f s", median(cartoTimes)))
print(String(format: "ratio carto / parse: %.2f (target <= 1.25)", ratio))
print(String(format: "peak memory (max over rounds): %.0f MB (target <= 400)", peaks.max() ?? 0))
print("JSON byte-identical across \(options.runs) runs and --jobs 1 vs \(cores): \(identical ? "yes" : "NO")")
print("output size: \(reference.count) bytes")
exit(ratio <= 1.25 && (peaks.max() ?? 0) <= 400 && identical ? 0 : 1)
