#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The system SQLite, loaded at run time (`libsqlite3.so.0` on Linux, the OS copy on macOS), so building carto needs
/// no SQLite headers or development package: only the library Linux distributions and macOS ship.
struct SQLiteLibrary: @unchecked Sendable {
    typealias DB = OpaquePointer
    typealias Text = UnsafePointer<CChar>
    let open_v2: @convention(c) (Text, UnsafeMutablePointer<DB?>, Int32, Text?) -> Int32
    let close: @convention(c) (DB?) -> Int32
    let errmsg: @convention(c) (DB?) -> Text?
    let busy_timeout: @convention(c) (DB?, Int32) -> Int32
    let exec: @convention(c) (DB?, Text, OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let prepare_v2: @convention(c) (DB?, Text, Int32, UnsafeMutablePointer<DB?>, OpaquePointer?) -> Int32
    let finalize: @convention(c) (DB?) -> Int32
    let bind_int64: @convention(c) (DB?, Int32, Int64) -> Int32
    let bind_double: @convention(c) (DB?, Int32, Double) -> Int32
    let bind_text: @convention(c) (DB?, Int32, Text?, Int32, Int) -> Int32
    let bind_blob: @convention(c) (DB?, Int32, UnsafeRawPointer?, Int32, Int) -> Int32
    let bind_null: @convention(c) (DB?, Int32) -> Int32
    let step: @convention(c) (DB?) -> Int32
    let column_count: @convention(c) (DB?) -> Int32
    let column_type: @convention(c) (DB?, Int32) -> Int32
    let column_int64: @convention(c) (DB?, Int32) -> Int64
    let column_double: @convention(c) (DB?, Int32) -> Double
    let column_text: @convention(c) (DB?, Int32) -> UnsafePointer<UInt8>?
    let column_bytes: @convention(c) (DB?, Int32) -> Int32
    let column_blob: @convention(c) (DB?, Int32) -> UnsafeRawPointer?
    let reset: @convention(c) (DB?) -> Int32
    let changes: @convention(c) (DB?) -> Int32

    static let OK: Int32 = 0, ROW: Int32 = 100, DONE: Int32 = 101
    static let INTEGER: Int32 = 1, FLOAT: Int32 = 2, TEXT: Int32 = 3, BLOB: Int32 = 4
    static let openFlags: Int32 = 0x2 | 0x4 | 0x10000   // READWRITE | CREATE | FULLMUTEX
    /// SQLITE_TRANSIENT: SQLite copies bound text and blobs.
    static let transient = -1

    static let shared: Result<SQLiteLibrary, CartoError> = {
        let names = ["libsqlite3.so.0", "libsqlite3.so", "/usr/lib/libsqlite3.dylib", "libsqlite3.dylib"]
        guard let library = SystemLibrary(names: names) else {
            return .failure(CartoError("SQLite is not installed (libsqlite3.so.0); install it (Debian: apt-get install libsqlite3-0)"))
        }
        func f<T>(_ name: String) throws -> T { try library.function(name) }
        do {
            return .success(SQLiteLibrary(
                open_v2: try f("sqlite3_open_v2"), close: try f("sqlite3_close"), errmsg: try f("sqlite3_errmsg"),
                busy_timeout: try f("sqlite3_busy_timeout"), exec: try f("sqlite3_exec"), free: try f("sqlite3_free"),
                prepare_v2: try f("sqlite3_prepare_v2"), finalize: try f("sqlite3_finalize"), bind_int64: try f("sqlite3_bind_int64"),
                bind_double: try f("sqlite3_bind_double"), bind_text: try f("sqlite3_bind_text"), bind_blob: try f("sqlite3_bind_blob"),
                bind_null: try f("sqlite3_bind_null"), step: try f("sqlite3_step"), column_count: try f("sqlite3_column_count"),
                column_type: try f("sqlite3_column_type"), column_int64: try f("sqlite3_column_int64"),
                column_double: try f("sqlite3_column_double"), column_text: try f("sqlite3_column_text"),
                column_bytes: try f("sqlite3_column_bytes"), column_blob: try f("sqlite3_column_blob"),
                reset: try f("sqlite3_reset"), changes: try f("sqlite3_changes")))
        } catch {
            return .failure(CartoError("the SQLite library lacks functions carto needs; install SQLite 3.7 or later"))
        }
    }()
}

public final class SQLiteDatabase: @unchecked Sendable {
    fileprivate var handle: OpaquePointer?
    fileprivate let lib: SQLiteLibrary
    public let path: String

    public init(path: String) throws {
        self.path = path
        lib = try SQLiteLibrary.shared.get()
        guard lib.open_v2(path, &handle, SQLiteLibrary.openFlags, nil) == SQLiteLibrary.OK else {
            let message = lib.errmsg(handle).map { String(cString: $0) } ?? "cannot open"
            _ = lib.close(handle)
            throw CartoError("\(path): cannot open the database (\(message)); check the folder is writable")
        }
        _ = lib.busy_timeout(handle, 5_000)
        try execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    }

    deinit { _ = lib.close(handle) }

    public enum Value: Sendable {
        case integer(Int64), real(Double), text(String), blob(Data), null
    }

    fileprivate func error(_ what: String) -> CartoError {
        CartoError("\(path): \(what) failed (\(lib.errmsg(handle).map { String(cString: $0) } ?? "unknown error")); the file may be damaged or not a carto database")
    }

    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard lib.exec(handle, sql, nil, nil, &message) == SQLiteLibrary.OK else {
            let text = message.map { String(cString: $0) } ?? "error"
            lib.free(message)
            throw CartoError("\(path): \(text); the file may be damaged or not a carto database")
        }
    }

    /// Runs one statement with bound values; returns the rows (for SELECT).
    @discardableResult
    public func run(_ sql: String, _ values: [Value] = []) throws -> [[Value]] {
        var statement: OpaquePointer?
        guard lib.prepare_v2(handle, sql, -1, &statement, nil) == SQLiteLibrary.OK else { throw error("preparing \(sql.prefix(40))") }
        defer { _ = lib.finalize(statement) }
        let transient = SQLiteLibrary.transient
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            switch value {
            case .integer(let v): _ = lib.bind_int64(statement, index, v)
            case .real(let v): _ = lib.bind_double(statement, index, v)
            case .text(let v): _ = lib.bind_text(statement, index, v, -1, transient)
            case .blob(let v): _ = v.withUnsafeBytes { lib.bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient) }
            case .null: _ = lib.bind_null(statement, index)
            }
        }
        var rows: [[Value]] = []
        while true {
            let step = lib.step(statement)
            if step == SQLiteLibrary.DONE { break }
            guard step == SQLiteLibrary.ROW else { throw error("running \(sql.prefix(40))") }
            var row: [Value] = []
            for column in 0..<lib.column_count(statement) {
                switch lib.column_type(statement, column) {
                case SQLiteLibrary.INTEGER: row.append(.integer(lib.column_int64(statement, column)))
                case SQLiteLibrary.FLOAT: row.append(.real(lib.column_double(statement, column)))
                case SQLiteLibrary.TEXT: row.append(.text(lib.column_text(statement, column).map { String(cString: $0) } ?? ""))
                case SQLiteLibrary.BLOB:
                    let count = Int(lib.column_bytes(statement, column))
                    let bytes = lib.column_blob(statement, column)
                    row.append(.blob(count == 0 || bytes == nil ? Data() : Data(bytes: bytes!, count: count)))
                default: row.append(.null)
                }
            }
            rows.append(row)
        }
        return rows
    }

    public func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do { try body(); try execute("COMMIT") } catch { try? execute("ROLLBACK"); throw error }
    }
}

extension SQLiteDatabase.Value {
    public var data: Data? {
        switch self {
        case .blob(let d): return d
        case .text(let s): return Data(s.utf8)
        default: return nil
        }
    }
    public var int: Int? { if case .integer(let v) = self { return Int(v) }; return nil }
    public var double: Double? {
        switch self { case .real(let v): return v; case .integer(let v): return Double(v); default: return nil }
    }
}

extension SQLiteDatabase {
    /// A statement prepared once and run many times (bulk inserts, long scans): binding and stepping without
    /// re-parsing the SQL or boxing every value.
    public final class Statement {
        fileprivate let db: SQLiteDatabase
        fileprivate var handle: OpaquePointer?
        fileprivate let sql: String

        fileprivate init(db: SQLiteDatabase, sql: String) throws {
            self.db = db
            self.sql = sql
            guard db.lib.prepare_v2(db.handle, sql, -1, &handle, nil) == SQLiteLibrary.OK else {
                throw db.error("preparing \(sql.prefix(40))")
            }
        }
        deinit { _ = db.lib.finalize(handle) }

        /// Binds parameters 1…n (nil binds NULL) after resetting the statement.
        public func bind(_ values: [SQLiteDatabase.Value]) {
            _ = db.lib.reset(handle)
            for (i, value) in values.enumerated() {
                let index = Int32(i + 1)
                switch value {
                case .integer(let v): _ = db.lib.bind_int64(handle, index, v)
                case .real(let v): _ = db.lib.bind_double(handle, index, v)
                case .text(let v): _ = db.lib.bind_text(handle, index, v, -1, SQLiteLibrary.transient)
                case .blob(let v): _ = v.withUnsafeBytes { db.lib.bind_blob(handle, index, $0.baseAddress, Int32($0.count), SQLiteLibrary.transient) }
                case .null: _ = db.lib.bind_null(handle, index)
                }
            }
        }

        /// Runs a statement that returns no rows; the number of rows it changed.
        @discardableResult
        public func run(_ values: [SQLiteDatabase.Value]) throws -> Int {
            bind(values)
            let status = db.lib.step(handle)
            guard status == SQLiteLibrary.DONE || status == SQLiteLibrary.ROW else { throw db.error("running \(sql.prefix(40))") }
            return Int(db.lib.changes(db.handle))
        }

        /// Steps through the rows of a query; `row` reads columns with the `Row` accessors.
        public func forEach(_ values: [SQLiteDatabase.Value] = [], _ row: (Row) throws -> Void) throws {
            bind(values)
            let reader = Row(statement: self)
            while true {
                let status = db.lib.step(handle)
                if status == SQLiteLibrary.DONE { break }
                guard status == SQLiteLibrary.ROW else { throw db.error("running \(sql.prefix(40))") }
                try row(reader)
            }
            _ = db.lib.reset(handle)
        }
    }

    /// The current row of a `Statement` (valid only inside `forEach`).
    public struct Row {
        fileprivate let statement: Statement
        private var lib: SQLiteLibrary { statement.db.lib }
        public func isNull(_ column: Int32) -> Bool { lib.column_type(statement.handle, column) == 5 }
        public func int(_ column: Int32) -> Int { Int(lib.column_int64(statement.handle, column)) }
        public func double(_ column: Int32) -> Double { lib.column_double(statement.handle, column) }
        public func string(_ column: Int32) -> String? {
            guard let text = lib.column_text(statement.handle, column) else { return nil }
            return String(decoding: UnsafeBufferPointer(start: text, count: Int(lib.column_bytes(statement.handle, column))), as: UTF8.self)
        }
        public func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
        public func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
    }

    public func prepare(_ sql: String) throws -> Statement { try Statement(db: self, sql: sql) }
}
