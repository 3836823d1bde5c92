import UIKit

final class ImageCache {
    var limit = 100
    private var images: [URL: UIImage] = [:]
    private var order: [URL] = []

    func image(for url: URL) -> UIImage? { images[url] }

    func insert(_ image: UIImage, for url: URL) {
        images[url] = image
        order.append(url)
        while order.count > limit { images[order.removeFirst()] = nil }
    }
}
