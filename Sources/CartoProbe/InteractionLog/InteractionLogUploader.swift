import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads finished interaction logs to `carto usage serve` and deletes each file only after the server confirmed
/// it (HTTP 200). An upload cut off by a lost connection leaves the file for the next try; the server ignores
/// events it already has, so retries are safe.
public struct InteractionLogUploader: Sendable {
    public var endpoint: URL
    public var token: String
    public var timeout: TimeInterval = 30

    public init(server: URL, token: String) {
        endpoint = server.appendingPathComponent("v1/logs")
        self.token = token
    }

    public struct Outcome: Sendable, Equatable {
        public var uploaded: [String] = []
        public var failed: [String: String] = [:]
    }

    /// Uploads every `.jsonl` file in `directory` except `skipping` (the session still being written).
    public func uploadAll(in directory: URL, skipping active: URL? = nil) -> Outcome {
        var outcome = Outcome()
        let files = ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "jsonl" && $0.standardizedFileURL != active?.standardizedFileURL }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        for file in files {
            switch upload(file) {
            case .success: outcome.uploaded.append(file.lastPathComponent); try? FileManager.default.removeItem(at: file)
            case .failure(let error): outcome.failed[file.lastPathComponent] = "\(error)"
            }
        }
        return outcome
    }

    public struct UploadError: Error, CustomStringConvertible { public var description: String }

    /// Uploads one file; does not delete it.
    public func upload(_ file: URL) -> Result<Void, UploadError> {
        guard let body = try? Data(contentsOf: file) else { return .failure(UploadError(description: "\(file.path): cannot read")) }
        var request = URLRequest(url: endpoint, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/x-ndjson", forHTTPHeaderField: "Content-Type")
        request.setValue(file.lastPathComponent, forHTTPHeaderField: "X-Carto-Batch")
        request.httpBody = body
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<Void, UploadError> = .failure(UploadError(description: "no answer"))
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: config)
        session.dataTask(with: request) { data, response, error in
            if let error {
                result = .failure(UploadError(description: "\(endpoint.absoluteString): \(error.localizedDescription)"))
            } else if let status = (response as? HTTPURLResponse)?.statusCode, status == 200 {
                result = .success(())
            } else {
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                let text = data.map { String(decoding: $0.prefix(300), as: UTF8.self) } ?? ""
                result = .failure(UploadError(description: "\(endpoint.absoluteString) answered \(status): \(text)"))
            }
            done.signal()
        }.resume()
        done.wait()
        session.finishTasksAndInvalidate()
        return result
    }
}
