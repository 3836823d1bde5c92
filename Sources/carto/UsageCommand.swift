import ArgumentParser
import CartoCore
import CartoUsage
import Foundation

/// `carto usage`: usability analytics over interaction logs (report), the collection server (serve), and deleting a
/// user's data (delete-user).
struct UsageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usage",
        abstract: "Usability analytics over interaction logs: time per screen, flows, gestures, heatmaps, connectivity, GPX.",
        discussion: """
        Logs are JSON Lines in the carto.interaction/1 schema (see the README), written by the app-side logger or by \
        `carto record`. They are ingested into a SQLite database (idempotent: the same events never count twice).
        Exit codes: 0 success, 1 the report was written but some log lines were unusable (listed on stderr and in the report), \
        2 bad input (missing folder, unwritable output, damaged database, port in use).
        """,
        subcommands: [Report.self, Serve.self, DeleteUser.self]
    )

    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ingest logs and write report.html, report.json, CSV tables, heatmap PNGs and GPX tracks.",
            discussion: "Without --db the database is OUTPUT/usage.sqlite; files already ingested and unchanged are skipped."
        )
        @Argument(help: "Folders or .jsonl files of interaction logs (none: report on what --db already holds).")
        var paths: [String] = []
        @Option(name: .shortAndLong, help: "Folder for the report.")
        var output: String = "usage-report"
        @Option(name: .long, help: "SQLite database to ingest into and report from.")
        var db: String?
        @Option(name: .long, help: "Seconds without an action after which time on a screen counts as idle.")
        var idleThreshold: Double = 30
        @Option(name: .long, help: "Seconds before and after a connectivity loss whose actions are reported with it.")
        var connectivityWindow: Double = 30
        @Option(name: .long, help: "A funnel to measure, screens separated by '>' (repeatable), e.g. \"Home>Products>Product\".")
        var funnel: [String] = []
        @Option(name: .long, help: "Group screens into functionalities: NAME=Screen1,Screen2 (repeatable). Others use their container.")
        var functionality: [String] = []
        @Option(name: .long, help: "Print the report as json to stdout besides writing the folder.")
        var format: Format?
        @Flag(name: .long, help: "No progress or summary on stderr.")
        var quiet = false

        enum Format: String, ExpressibleByArgument { case json }

        func validate() throws {
            guard idleThreshold > 0 else { throw ValidationError("--idle-threshold must be positive") }
            guard connectivityWindow >= 0 else { throw ValidationError("--connectivity-window must not be negative") }
            for f in funnel where f.split(separator: ">").count < 2 { throw ValidationError("--funnel \(f): give at least two screens separated by '>'") }
            for f in functionality where !f.contains("=") { throw ValidationError("--functionality \(f): expected NAME=Screen1,Screen2") }
        }

        func run() async throws {
            let outputURL = URL(fileURLWithPath: output)
            do { try FileManager.default.createDirectory(at: outputURL, withIntermediateDirectories: true) } catch {
                throw CartoError("\(output): cannot create the report folder; check the path and permissions")
            }
            let store = try UsageStore(path: db ?? outputURL.appendingPathComponent("usage.sqlite").path)
            let progress = quiet ? nil : ProgressReporter(enabled: isatty(STDERR_FILENO) == 1)
            let ingest = try store.ingest(paths: paths, progress: progress)
            var options = UsageReportOptions()
            options.idleThresholdSeconds = idleThreshold
            options.connectivityWindowSeconds = connectivityWindow
            options.funnels = funnel.map { $0.split(separator: ">").map { $0.trimmingCharacters(in: .whitespaces) } }
            for f in functionality {
                let parts = f.split(separator: "=", maxSplits: 1)
                for screen in parts[1].split(separator: ",") { options.functionalities[screen.trimmingCharacters(in: .whitespaces)] = String(parts[0]) }
            }
            var report = try UsagePipeline.run(store: store, options: options, outputFolder: outputURL)
            report.problems = ingest.problems
            try UsageReportWriter.write(report, to: outputURL)
            if format == .json { print(try UsageReportWriter.json(report), terminator: "") }
            for problem in ingest.problems.prefix(20) { StandardError.write("carto usage: \(problem)\n") }
            if ingest.problems.count > 20 { StandardError.write("carto usage: … \(ingest.problems.count - 20) more unusable lines (report.json lists all)\n") }
            if !quiet {
                StandardError.write("carto usage: \(ingest.files) log files (\(ingest.unchangedFiles) unchanged), \(ingest.events) new events, \(ingest.duplicates) already known; "
                                    + "report on \(report.summary.sessions) sessions, \(report.summary.events) events → \(outputURL.appendingPathComponent("report.html").path)\n")
            }
            if !ingest.problems.isEmpty { throw ExitCode(ExitStatus.findings.rawValue) }
        }
    }

    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Collection server: apps upload interaction logs (POST /v1/logs, Bearer token) into a SQLite database.",
            discussion: """
            POST /v1/logs with Authorization: Bearer TOKEN and a JSON Lines body stores the batch; retries are safe (events are \
            identified by session and seq). DELETE /v1/users/USER deletes a user's data. GET /v1/health answers without a token.
            The token comes from --token or CARTO_USAGE_TOKEN. Stop with Ctrl-C or SIGTERM (exit 0).
            """
        )
        @Option(name: .long, help: "SQLite database to store uploads in (report on it with `carto usage report --db`).")
        var db: String = "usage.sqlite"
        @Option(name: .long, help: "Port to listen on (0 picks a free one and prints it).")
        var port: Int = 8090
        @Option(name: .long, help: "Address to bind (0.0.0.0 to accept devices on the network).")
        var host: String = "127.0.0.1"
        @Option(name: .long, help: "Upload token (default: $CARTO_USAGE_TOKEN).")
        var token: String?
        @Option(name: .long, help: "Largest batch accepted, in bytes.")
        var maxBodySize: Int = 32 << 20
        @Flag(name: .long, help: "Print only the start-up line and problems.")
        var quiet = false

        func run() async throws {
            guard let token = token ?? ProcessInfo.processInfo.environment["CARTO_USAGE_TOKEN"], !token.isEmpty else {
                throw CartoError("carto usage serve: no upload token; pass --token TOKEN or set CARTO_USAGE_TOKEN")
            }
            guard (0...65535).contains(port) else { throw CartoError("--port \(port): must be between 0 and 65535") }
            var config = UsageCollector.Configuration(token: token)
            config.host = host; config.port = port; config.maxBodyBytes = maxBodySize
            let quiet = quiet
            config.log = { line in if !quiet { StandardError.write("carto usage serve: \(line)\n") } }
            let collector = try UsageCollector(store: try UsageStore(path: db), configuration: config)
            let bound = try await collector.start()
            StandardError.write("carto usage serve: listening on http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(bound) (POST /v1/logs), storing into \(URL(fileURLWithPath: db).standardizedFileURL.path)\n")
            let signals = SignalForwarder { first in
                if first { Task { await collector.stop() } } else { Foundation.exit(130) }
            }
            defer { signals.cancel() }
            await collector.waitUntilStopped()
        }
    }

    struct DeleteUser: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete-user",
            abstract: "Delete every session and event of one user from a usage database.",
            discussion: "Prints the log files the sessions came from; with --delete-files they are removed too, so a later ingest cannot bring the data back."
        )
        @Argument(help: "The user id (as in session.start's user).")
        var user: String
        @Option(name: .long, help: "The SQLite database.")
        var db: String
        @Flag(name: .long, help: "Also delete the log files the user's sessions were read from.")
        var deleteFiles = false

        func run() async throws {
            guard FileManager.default.fileExists(atPath: db) else { throw CartoError("\(db): no such database; pass the --db of `carto usage report` or `serve`") }
            let deletion = try UsageStore(path: db).deleteUser(user)
            print("deleted \(deletion.sessions) sessions and \(deletion.events) events of \(user)")
            for source in deletion.sources where !source.hasPrefix("upload ") {
                if deleteFiles, (try? FileManager.default.removeItem(atPath: source)) != nil { print("removed \(source)") } else { print("source: \(source)") }
            }
        }
    }
}
