import Foundation

enum APIError: Error, Equatable {
    case offline
    case status(Int)
    case decoding(String)
}

final class APIClient {
    let baseURL: URL
    private let session: URLSession
    private let decoder = JSONDecoder()

    init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    func get<T: Decodable>(_ path: String, as type: T.Type) async throws -> T {
        let (data, response) = try await session.data(from: baseURL.appendingPathComponent(path))
        guard let http = response as? HTTPURLResponse else { throw APIError.offline }
        guard (200..<300).contains(http.statusCode) else { throw APIError.status(http.statusCode) }
        do { return try decoder.decode(T.self, from: data) } catch { throw APIError.decoding("\(error)") }
    }
}
