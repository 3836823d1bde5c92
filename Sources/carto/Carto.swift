import ArgumentParser
import CartoCore
import Foundation

/// `carto`: a thin shell over the Cartographer libraries. Subsystems add subcommands here.
struct Carto: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carto",
        abstract: "Map mobile apps: architecture analysis, GUI exploration (state-flow models) and a stub server for fast, stable UI tests, record and replay, usability analytics.",
        discussion: """
        Exit codes: 0 success with nothing new to report, 1 new findings (violations, failures, differences), 2 usage or input error, 3 the app driver stopped answering.
        Colour is used only on a terminal and never when NO_COLOR is set.
        """,
        version: CartoVersion.current,
        subcommands: [ArchCommand.self, CrawlCommand.self, GraphCommand.self, StubCommand.self, RecordCommand.self, ReplayCommand.self, GenCommand.self, UsageCommand.self]
    )
}

@main
enum CartoMain {
    static func main() async {
        do {
            var command = try Carto.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as CartoError {
            StandardError.write("error: \(error.message)\n")
            exit(error.status.rawValue)
        } catch {
            // Help, version and clean exits keep ArgumentParser's code; every other parse problem is a usage error (2).
            let code = Carto.exitCode(for: error)
            if code == .success || error is ExitCode {
                Carto.exit(withError: error)
            }
            let message = Carto.fullMessage(for: error)
            StandardError.write(message.hasSuffix("\n") ? message : message + "\n")
            exit(ExitStatus.inputError.rawValue)
        }
    }
}
