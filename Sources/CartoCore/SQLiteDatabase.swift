import CSQLite
import Foundation

/// A thin wrapper over the system SQLite (checkpoints, later analytics storage): open, execute, prepared
/// statements with blob/text/integer/real binding, transactions. WAL journaling, so a process killed mid-run
/// loses at most the transaction in flight.
public final class SQLiteDatabase: @unchecked Sendable {
    private var handle: OpaquePointer?
    public let path: String

    public init(path: String) throws {
        self.path = path
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            throw CartoError("\(path): cannot open the database (\(message)); check the folder is writable")
        }
        sqlite3_busy_timeout(handle, 5_000)
        try execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    }

    deinit { sqlite3_close(handle) }

    public enum Value: Sendable {
        case integer(Int64), real(Double), text(String), blob(Data), null
    }

    private func error(_ what: String) -> CartoError {
        CartoError("\(path): \(what) failed (\(String(cString: sqlite3_errmsg(handle)))); the file may be damaged or not a carto database")
    }

    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "error"
            sqlite3_free(message)
            throw CartoError("\(path): \(text); the file may be damaged or not a carto database")
        }
    }

    /// Runs one statement with bound values; returns the rows (for SELECT).
    @discardableResult
    public func run(_ sql: String, _ values: [Value] = []) throws -> [[Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw error("preparing \(sql.prefix(40))") }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            switch value {
            case .integer(let v): sqlite3_bind_int64(statement, index, v)
            case .real(let v): sqlite3_bind_double(statement, index, v)
            case .text(let v): sqlite3_bind_text(statement, index, v, -1, transient)
            case .blob(let v): _ = v.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient) }
            case .null: sqlite3_bind_null(statement, index)
            }
        }
        var rows: [[Value]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw error("running \(sql.prefix(40))") }
            var row: [Value] = []
            for column in 0..<sqlite3_column_count(statement) {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: row.append(.integer(sqlite3_column_int64(statement, column)))
                case SQLITE_FLOAT: row.append(.real(sqlite3_column_double(statement, column)))
                case SQLITE_TEXT: row.append(.text(String(cString: sqlite3_column_text(statement, column))))
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, column))
                    row.append(.blob(count == 0 ? Data() : Data(bytes: sqlite3_column_blob(statement, column), count: count)))
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
