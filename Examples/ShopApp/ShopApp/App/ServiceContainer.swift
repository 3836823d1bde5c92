import Foundation

/// Everything the screens need from the outside world, created once at launch.
final class ServiceContainer {
    let api: APIClient
    let catalog: ProductService
    let imageCache = ImageCache()
    let cart = Cart()
    let settings = SettingsStore()

    init(baseURL: URL = URL(string: "https://shop.example.com/api")!) {
        api = APIClient(baseURL: baseURL)
        catalog = ProductService(api: api)
    }
}
