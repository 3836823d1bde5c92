import ArgumentParser
import CartoCore
import CartoStub
import Foundation

/// `carto stub`: the stub HTTP server for apps under test (WireMock-compatible), recording and HAR import.
struct StubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stub",
        abstract: "Serve WireMock-compatible stubs to an app under test; record them from a real API or a HAR file.",
        discussion: """
        The server answers from DIR/mappings/*.json (bodies in DIR/__files/), offers WireMock's admin API under /__admin and \
        the app-event hub under /__carto/events (POST events, GET /__carto/events/wait?name=…, SSE on /__carto/events/stream).
        Exit codes: 0 stopped cleanly (Ctrl-C, SIGTERM or POST /__admin/shutdown), 2 bad input (missing folder, port in use, \
        unreadable HAR).
        """,
        subcommands: [Serve.self, Record.self, ImportHAR.self],
        defaultSubcommand: Serve.self
    )

    struct ServerOptions: ParsableArguments {
        @Option(name: .long, help: "Port to listen on (0 picks a free one and prints it).")
        var port: Int = 8080
        @Option(name: .long, help: "Address to bind; keep 127.0.0.1 unless devices on the network must reach it.")
        var host: String = "127.0.0.1"
        @Option(name: .long, help: "Largest request body accepted, in bytes; larger ones get 413.")
        var maxBodySize: Int = 10 << 20
        @Option(name: .long, help: "Seconds a connection may stay silent before it is closed.")
        var idleTimeout: Int = 30
        @Flag(name: .long, help: "Allow cross-origin calls (CORS) from web apps served elsewhere; preflights are answered.")
        var cors = false
        @Flag(name: .long, help: "Print only the start-up line and problems on stderr (no per-request lines).")
        var quiet = false

        func configuration() -> StubServer.Configuration {
            var c = StubServer.Configuration()
            c.port = port
            c.host = host
            c.maxBodyBytes = maxBodySize
            c.idleTimeout = .seconds(idleTimeout)
            c.cors = cors
            let quiet = quiet
            // Quiet keeps problems (bad files, upstream failures) and drops the per-request chatter.
            c.log = { line in
                let chatter = line.hasPrefix("unmatched") || line.hasPrefix("recorded") || line.contains(": reloaded ")
                if !quiet || !chatter { StandardError.write(line + "\n") }
            }
            return c
        }

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            guard maxBodySize > 0 else { throw ValidationError("--max-body-size must be positive") }
            guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be positive") }
        }
    }

    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the mappings in a WireMock root folder (the default subcommand).",
            discussion: "Mapping files reload when they change; a malformed file is reported with its path and JSON location while the others keep serving."
        )
        @Option(name: .long, help: "WireMock root folder: mappings/ and __files/.")
        var root: String = "."
        @Option(name: .long, help: "Requests kept in the journal (/__admin/requests); older ones are dropped.")
        var journalLimit: Int = 10_000
        @Flag(name: .long, help: "Do not reload mapping files when they change.")
        var noWatch = false
        @Flag(name: .long, help: "Render every response as a template (WireMock's flag of the same name); otherwise only mappings with \"transformers\": [\"response-template\"].")
        var globalResponseTemplating = false
        @OptionGroup var server: ServerOptions

        func run() async throws {
            var config = server.configuration()
            config.journalLimit = journalLimit
            config.globalTemplating = globalResponseTemplating
            if noWatch { config.watchInterval = nil }
            let rootURL = URL(fileURLWithPath: root)
            let stub = try StubServer(root: rootURL, configuration: config)
            for problem in stub.loadProblems { StandardError.write("carto stub: \(rootURL.path)/\(problem)\n") }
            if !FileManager.default.fileExists(atPath: rootURL.appendingPathComponent("mappings").path) {
                StandardError.write("carto stub: \(rootURL.path) has no mappings/ folder; serving only what is added through /__admin/mappings\n")
            }
            try await runUntilStopped(stub, banner: { port in
                "carto stub: serving \(stub.store.mappings.count) mappings from \(rootURL.standardizedFileURL.path) on \(stub.baseURL) (admin /__admin, events /__carto/events)"
            })
        }
    }

    struct Record: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Proxy to the real API and write what it answers as mappings.",
            discussion: """
            Point the app at this server instead of the API. Identical exchanges are written once; the same request answered \
            differently becomes a scenario. Authorization, Cookie and Set-Cookie values are written as REDACTED, as are \
            --redact-header headers and --redact-field JSON fields. Every exchange is on disk as soon as it completes.
            """
        )
        @Option(name: .long, help: "The real API's base URL (http or https).")
        var target: String
        @Option(name: .long, help: "Folder to write mappings/ and __files/ into.")
        var root: String = "."
        @Option(name: .long, help: "Another header whose value must not be written (repeatable).")
        var redactHeader: [String] = []
        @Option(name: .long, help: "A JSON field whose value must not be written, at any depth (repeatable).")
        var redactField: [String] = []
        @Option(name: .long, help: "Seconds to wait for the real API before answering 504.")
        var upstreamTimeout: Int = 30
        @OptionGroup var server: ServerOptions

        func run() async throws {
            guard let url = URL(string: target) else { throw CartoError("\(target): not a URL; pass --target https://api.example.com") }
            let rootURL = URL(fileURLWithPath: root)
            try FileManager.default.createDirectory(at: rootURL, withIntermediateDirectories: true)
            let recorder = try MappingRecorder(folder: MappingFolder(root: rootURL), redaction: Redaction(headers: redactHeader, jsonFields: redactField))
            let config = server.configuration()
            let proxy = try RecordingProxy(target: url, recorder: recorder, timeout: .seconds(upstreamTimeout), log: config.log)
            let stub = try StubServer(root: rootURL, configuration: config, recorder: proxy)
            try await runUntilStopped(stub, banner: { _ in
                "carto stub record: proxying \(stub.baseURL) → \(url.absoluteString), writing into \(rootURL.standardizedFileURL.path)"
            })
            await proxy.shutdown()
            StandardError.write("carto stub record: \(recorder.recordedCount) mappings written into \(rootURL.standardizedFileURL.path)/mappings\n")
        }
    }

    struct ImportHAR: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-har",
            abstract: "Turn a HAR capture (browser dev tools, Charles, Proxyman) into mappings.",
            discussion: "Same rules as recording: duplicates once, differing answers as scenarios, credentials redacted."
        )
        @Argument(help: "The .har file.")
        var har: String
        @Option(name: .long, help: "Folder to write mappings/ and __files/ into.")
        var root: String = "."
        @Option(name: .long, help: "Only entries whose URL starts with this (e.g. https://api.example.com).")
        var only: String?
        @Option(name: .long, help: "Another header whose value must not be written (repeatable).")
        var redactHeader: [String] = []
        @Option(name: .long, help: "A JSON field whose value must not be written, at any depth (repeatable).")
        var redactField: [String] = []

        func run() async throws {
            let harURL = URL(fileURLWithPath: har)
            guard FileManager.default.fileExists(atPath: harURL.path) else { throw CartoError("\(har): no such file; pass a .har capture") }
            let rootURL = URL(fileURLWithPath: root)
            try FileManager.default.createDirectory(at: rootURL, withIntermediateDirectories: true)
            let recorder = try MappingRecorder(folder: MappingFolder(root: rootURL), redaction: Redaction(headers: redactHeader, jsonFields: redactField))
            let s = try HARImport.run(har: harURL, recorder: recorder, only: only)
            for skipped in s.skipped { StandardError.write("carto stub import-har: skipped \(skipped)\n") }
            print("\(s.entries) entries: \(s.written) mappings written, \(s.scenarioSteps) scenario steps, \(s.duplicates) duplicates, \(s.skipped.count) skipped → \(rootURL.standardizedFileURL.path)/mappings")
        }
    }
}

/// Starts the server, prints its banner, and returns once it stops (Ctrl-C, SIGTERM, POST /__admin/shutdown).
private func runUntilStopped(_ stub: StubServer, banner: (Int) -> String) async throws {
    let port = try await stub.start()
    StandardError.write(banner(port) + "\n")  // always: with --port 0 it is how callers learn the port
    let signals = SignalForwarder { first in
        if first { Task { await stub.stop() } } else { Foundation.exit(130) }
    }
    defer { signals.cancel() }
    await stub.waitUntilStopped()
}
