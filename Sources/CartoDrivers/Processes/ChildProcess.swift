#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CartoCore
import Foundation

/// A helper program carto starts and must not outlive it — chromedriver, and through it Chromium. Each is started in
/// a process group of its own, which the browsers it starts join, so stopping it stops them all (chromedriver left
/// its Chromium running after a plain SIGTERM, measured), and each group is registered with the `ProcessReaper`,
/// which ends the group when carto goes, also when carto is killed with SIGKILL.
///
/// posix_spawn rather than Foundation's `Process` or swift-subprocess: `Process` can put a child neither in a group of
/// its own nor back to the default signal dispositions (`SignalForwarder` ignores SIGINT and SIGTERM, and ignored
/// signals survive exec: a chromedriver started during a crawl ignored the SIGTERM meant to stop it); swift-subprocess
/// can, but runs a process only inside an async scope, while a chromedriver outlives the synchronous call that starts it.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    public let executable: String
    private let lock = NSLock()
    private var exited = false
    private var stopped = false

    /// The temporary folder the helper and everything it starts write in (their TMPDIR), removed when it stops.
    public let scratch: String?

    /// Starts `executable` with `arguments` in a new process group, stdin/stdout/stderr on /dev/null, no other
    /// descriptor of ours inherited, every signal at its default and unblocked. With `scratch`, the helper and its
    /// children get a temporary folder of their own as TMPDIR, removed when it stops — by the reaper when carto is
    /// killed: chromedriver leaves a browser profile (~3 MB) in the temporary folder when it is stopped while it
    /// deletes it, and Chromium an empty folder of its own after every session (measured: 2 folders per browser per
    /// crawl, some 7,000 in /tmp after a day of benchmarks).
    public init(executable: String, arguments: [String], scratch: Bool = false) throws {
        self.executable = executable
        // Without a reaper (it could not start) helpers still stop on every exit but a SIGKILL's.
        try? ProcessReaper.shared.start()
        var environment: [String: String]? = nil
        if scratch {
            let folder = try ProcessReaper.shared.makeScratch(for: (executable as NSString).lastPathComponent)
            self.scratch = folder
            environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder]) { $1 }
        } else {
            self.scratch = nil
        }
        // A group of its own (process group 0: the child's pid).
        do {
            pid = try Self.spawn(executable, arguments, flags: Int32(POSIX_SPAWN_SETPGROUP), environment: environment) { actions in
                for fd: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
            }
        } catch {
            if let folder = self.scratch { try? FileManager.default.removeItem(atPath: folder) }
            throw error
        }
        ProcessReaper.shared.watch(group: pid)
    }

    /// Starts a child with `flags` (a process group, a session) and the file actions `files` adds; every child of
    /// ours has its signals unblocked and at their defaults, and inherits no descriptor beyond 0–2 (a copy of the
    /// reaper's socket in a child would keep the reaper from noticing that carto is gone; that one is also
    /// close-on-exec).
    static func spawn(_ executable: String, _ arguments: [String], flags: Int32, environment: [String: String]? = nil,
                      files: (inout posix_spawn_file_actions_t) -> Void) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var spawnFlags = flags | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        files(&actions)
        #if canImport(Darwin)
        spawnFlags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        if let closeFrom = closeFrom { _ = closeFrom(&actions, 3) }
        #endif
        posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: spawnFlags))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid: pid_t = 0
        let status = envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw CartoError("\(executable): could not start (\(String(cString: strerror(status))))")
        }
        return pid
    }

    #if !canImport(Darwin)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module does not import; without
    /// it a child inherits only what lacks FD_CLOEXEC.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }
    #endif

    /// Whether the process still runs (an exited one is reaped here).
    public var isRunning: Bool {
        lock.withLock {
            if exited { return false }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result == -1 && errno == ECHILD) { exited = true }
            return !exited
        }
    }

    /// Ends the process and everything in its group: SIGTERM, then SIGKILL to whatever is left after `grace`
    /// seconds; waits for the process itself. The reaper forgets the group. Safe to call twice; the group goes also
    /// when the process itself has already exited (its browsers may still run).
    public func stop(grace: TimeInterval = 2) {
        guard lock.withLock({ defer { stopped = true }; return !stopped }) else { return }
        kill(-pid, SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        while isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }   // polling an exiting process
        // The browsers of the group too, whether or not they went with SIGTERM (chromedriver does not take its
        // Chromium along when it is told to stop that way).
        kill(-pid, SIGKILL)
        lock.withLock {
            guard !exited else { return }
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            exited = true
        }
        ProcessReaper.shared.forget(group: pid)
        // After the SIGKILL: nothing of the group writes there any more.
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
    }
}

/// Ends the process groups of our helpers when this process is gone, however it went (SIGKILL from a CI timeout or
/// the OOM killer included). A small `sh` started once in a session of its own (so a signal to carto's process group
/// does not reach it) reads group ids from a socket whose only other end carto holds: when carto exits or is killed,
/// the kernel closes that end, the reaper reads end-of-file and signals every group still registered (SIGTERM, then
/// SIGKILL half a second later), then removes the temporary folder the helpers wrote in (one per carto process,
/// made with the reaper; a helper's own folder inside it goes when that helper stops).
///
/// Chosen over the kernel's parent-death signal (PR_SET_PDEATHSIG): that needs code between fork and exec, which
/// posix_spawn cannot run; it fires when the *thread* that started the child ends (sessions open their browsers
/// on pool threads that come and go), and it reaches chromedriver but not the Chromium chromedriver starts.
/// Measured with `kill -9` of `carto crawl --browsers 2` (Tests/CartoCLITests): no chromedriver or Chromium process
/// left after 1 s.
public final class ProcessReaper: @unchecked Sendable {
    public static let shared = ProcessReaper()

    private let lock = NSLock()
    /// Our end of the socket; -1 before `start()` (or when the reaper could not be started: helpers still stop on
    /// every normal exit, only a SIGKILL would leave them).
    private var socket: Int32 = -1
    public private(set) var pid: pid_t = 0

    static let script = """
        groups=""
        while IFS= read -r line; do
          case "$line" in
            +*) groups="$groups ${line#+} " ;;
            -*) groups=$(printf '%s' "$groups" | sed "s/ ${line#-} / /") ;;
          esac
        done
        if [ -n "${groups# }" ]; then
          for g in $groups; do kill -s TERM -- "-$g" 2>/dev/null; done
          sleep 0.5
          for g in $groups; do kill -s KILL -- "-$g" 2>/dev/null; done
        fi
        [ -z "$1" ] || rm -rf -- "$1"
        """

    /// The folder the helpers' temporary folders are made in; the reaper removes it when carto is gone.
    private var scratchRoot: String?

    /// A new temporary folder for one helper (inside the reaper's folder, or the system's when there is no reaper).
    func makeScratch(for name: String) throws -> String {
        let parent = lock.withLock { scratchRoot } ?? NSTemporaryDirectory()
        return try Self.makeTemporaryFolder(in: parent, prefix: name)
    }

    /// The system's temporary folder, unless its path is too long for what helpers make in it: Chromium puts a Unix
    /// socket at `<TMPDIR>/org.chromium.Chromium.XXXXXX/SingletonSocket`, and a socket's path has at most 107 bytes
    /// (a 51-byte TMPDIR below ours made every browser exit at start). 107 − 45 for Chromium's part − 33 for
    /// `carto.XXXXXX/chromedriver.XXXXXX/` leaves 29.
    static func scratchParent() -> String {
        let system = NSTemporaryDirectory()
        return system.utf8.count <= 29 || !FileManager.default.fileExists(atPath: "/tmp") ? system : "/tmp/"
    }

    static func makeTemporaryFolder(in parent: String, prefix: String) throws -> String {
        var template = Array((parent.hasSuffix("/") ? parent : parent + "/").utf8CString.dropLast()) + Array("\(prefix).XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else {
            throw CartoError("could not make a temporary folder in \(parent) (\(String(cString: strerror(errno)))); set TMPDIR to a writable folder")
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Starts the reaper if it is not running yet.
    func start() throws {
        try lock.withLock {
            guard socket < 0 else { return }
            var ends: [Int32] = [-1, -1]
            #if canImport(Darwin)
            let type = SOCK_STREAM
            #else
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            #endif
            guard socketpair(AF_UNIX, type, 0, &ends) == 0 else {
                throw CartoError("could not start the process reaper (socketpair: \(String(cString: strerror(errno))))")
            }
            #if canImport(Darwin)
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC); _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            var on: Int32 = 1
            _ = setsockopt(ends[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            #if canImport(Darwin)
            let session = Int32(POSIX_SPAWN_SETSID)
            #else
            let session: Int32 = 0x80   // POSIX_SPAWN_SETSID (glibc 2.26), not imported into Swift
            #endif
            let root = try? Self.makeTemporaryFolder(in: Self.scratchParent(), prefix: "carto")
            do {
                pid = try ChildProcess.spawn("/bin/sh", ["-c", Self.script, "carto-reaper", root ?? ""], flags: session) { actions in
                    posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
                    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
                }
            } catch {
                close(ends[0]); close(ends[1])
                if let root { try? FileManager.default.removeItem(atPath: root) }
                throw error
            }
            close(ends[1])
            socket = ends[0]
            scratchRoot = root
        }
    }

    /// The reaper ends `group` if this process goes without stopping it.
    func watch(group: pid_t) { write("+\(group)\n") }

    /// The group was stopped: nothing for the reaper to do (its id may be reused).
    func forget(group: pid_t) { write("-\(group)\n") }

    private func write(_ line: String) {
        lock.withLock {
            guard socket >= 0 else { return }
            let bytes = Array(line.utf8)
            // A reaper that was killed must not take carto with it: no SIGPIPE on this socket.
            #if canImport(Darwin)
            _ = Darwin.send(socket, bytes, bytes.count, 0)
            #else
            _ = Glibc.send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL))
            #endif
        }
    }
}
