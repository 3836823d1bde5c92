import Foundation

/// Media types by file extension, for the servers that serve files (local sites, stub body files).
public enum MediaType {
    /// The Content-Type for a file name or path, nil when the extension is not a known one.
    public static func forFile(_ path: String) -> String? {
        switch (path as NSString).pathExtension.lowercased() {
        case "html", "htm": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json": return "application/json"
        case "xml": return "application/xml"
        case "txt": return "text/plain; charset=utf-8"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "svg": return "image/svg+xml"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        default: return nil
        }
    }
}
