import Foundation
import CartoCore
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Reads, validates, parses and summarises one file. Every problem becomes a diagnostic, never a crash:
/// unreadable, binary, non-UTF-8 and oversized files are skipped; files with syntax errors are still summarised.
enum SourceFileReader {
    static func summarise(path: String, relativePath: String, fileIndex: Int32, maxFileSize: Int) -> FileSummary {
        var empty = FileSummary(fileIndex: fileIndex, relativePath: relativePath, lineCount: 0)
        func skip(_ message: String) -> FileSummary {
            empty.diagnostics.append((nil, message, false))
            return empty
        }
        // One open, fstat and read per file: Foundation's `FileHandle` plus `attributesOfItem` (a dictionary built
        // for every file) cost ~50 µs a file, about a fifth of parsing a typical one (measured on Element X).
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return skip("file is not readable; check its permissions (skipped)") }
        defer { close(fd) }
        var st = stat()
        let size = fstat(fd, &st) == 0 ? Int(st.st_size) : 0
        if size > maxFileSize {
            return skip("file is \(size) bytes, over the \(maxFileSize)-byte limit (likely generated; raise maxFileSize in .carto.yml or --max-file-size to include it) (skipped)")
        }
        var data = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let n = data.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, size - filled) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return skip("file could not be read: \(String(cString: strerror(errno))) (skipped)") }
            if n == 0 { data.removeLast(size - filled); break }
            filled += n
        }
        return data.withUnsafeBytes { raw -> FileSummary in
            let bytes = raw.bindMemory(to: UInt8.self)
            if bytes.contains(0) { return skip("file looks binary (contains NUL bytes) (skipped)") }
            // Validate without copying the file into a String (the common all-ASCII case is checked a word at a time).
            guard Self.isASCII(bytes) || String(validating: bytes, as: UTF8.self) != nil else {
                return skip("file is not valid UTF-8; re-save it as UTF-8 (skipped)")
            }
            // swift-syntax's type lookahead backtracks exponentially on deeply nested `[` (24 levels take seconds,
            // 30 take hours); no real code nests that deep, so such a file is skipped rather than hanging the run.
            let depth = Self.maximumBracketDepth(bytes)
            if depth > Self.maximumBracketNesting {
                return skip("'[' nests \(depth) levels deep, beyond the parser's safe limit of \(Self.maximumBracketNesting) (skipped; exclude the file or flatten the literal)")
            }
            let lines = LineTable(bytes: bytes)
            let tree = Parser.parse(source: bytes)
            let collector = SyntaxCollector(fileIndex: fileIndex, relativePath: relativePath, lines: lines, source: bytes)
            // Most files have no suppression comments: a byte search avoids scanning lines as strings.
            if Self.contains(bytes, Self.ignoreMarker) {
                collector.setIgnores(SyntaxCollector.scanIgnores(source: String(decoding: bytes, as: UTF8.self)))
            }
            collector.walk(tree)
            var summary = collector.summary
            if tree.hasError {
                let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
                let errors = diagnostics.filter { $0.diagMessage.severity == .error }
                if let first = errors.first {
                    let l = lines.line(ofOffset: first.position.utf8Offset)
                    let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
                    summary.diagnostics.append((l, "syntax error: \(first.message)\(more); analysed what could be parsed", true))
                }
            }
            return summary
        }
    }
}

extension SourceFileReader {
    static let ignoreMarker = Array("carto:ignore".utf8)
    static let maximumBracketNesting = 16

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
        let words = bytes.count / 8
        for i in 0..<words where base.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
        for i in (words * 8)..<bytes.count where bytes[i] >= 0x80 { return false }
        return true
    }

    /// Deepest nesting of `[` … `]` in the bytes (brackets inside strings and comments count too: an upper bound).
    static func maximumBracketDepth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var depth = 0, deepest = 0
        for b in bytes {
            if b == 91 { depth += 1; if depth > deepest { deepest = depth } }
            else if b == 93, depth > 0 { depth -= 1 }
        }
        return deepest
    }

    /// Byte search (the common case, no match, touches each byte once).
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
        // `memchr` (vectorised) finds each candidate first byte; most files have none or few.
        let last = haystack.count - needle.count
        var offset = 0
        while offset <= last, let hit = memchr(base + offset, Int32(first), last - offset + 1) {
            let i = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            var j = 1
            while j < needle.count && haystack[i + j] == needle[j] { j += 1 }
            if j == needle.count { return true }
            offset = i + 1
        }
        return false
    }
}

