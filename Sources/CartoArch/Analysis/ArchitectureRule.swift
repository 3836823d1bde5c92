/// One dependency rule, SwiftLint-style: id, description, and examples that are its tests
/// (see `ArchitectureRuleExampleTests`). A rule judges one edge given the layers of its ends.
public protocol ArchitectureRule: Sendable {
    /// Stable id used in reports, SARIF, baselines and `// carto:ignore` comments.
    var identifier: String { get }
    /// Other names accepted by `// carto:ignore` (the paper's R1, R2, R3).
    var aliases: [String] { get }
    var name: String { get }
    var summary: String { get }
    /// Code that must produce at least one violation of this rule under `examplePreset`.
    var triggeringExamples: [String] { get }
    /// Code that must produce none.
    var nonTriggeringExamples: [String] { get }
    var examplePreset: String { get }

    func isViolated(from: LayerAssignment, to: LayerAssignment) -> Bool
    /// The edge with its ends' modules; layer rules ignore them (the default), module rules read only them.
    func isViolated(from: LayerAssignment, to: LayerAssignment, fromModule: String?, toModule: String?) -> Bool
}

extension ArchitectureRule {
    public func isViolated(from: LayerAssignment, to: LayerAssignment, fromModule: String?, toModule: String?) -> Bool {
        isViolated(from: from, to: to)
    }
    public var aliases: [String] { [] }
    public var triggeringExamples: [String] { [] }
    public var nonTriggeringExamples: [String] { [] }
    public var examplePreset: String { "mvc" }
}

/// R1: views depend only on views.
public struct ViewIsolationRule: ArchitectureRule {
    public let identifier = "view-isolation"
    public let aliases = ["R1"]
    public let name = "Views depend only on views"
    public let summary = "A component of the View layer must not depend on Model or Controller components (the paper's R1); pass data in through view types or protocols that the view layer declares. A type and the types nested in it count as one unit; in presets that tell delegate protocols apart (auto, mvvm, viper), a view holding its own delegate or data-source protocol (StatusView → StatusViewDelegate) talks back as MVC means it to. Under auto the rule is for UIKit and AppKit views: a SwiftUI view is declared from its data and may hold its model or view model in any style (--preset mvc applies R1 to it as written). Theming (model-layer types named …Theme… or …Appearance…) and colours (ShapeStyle) are styling any view may use."
    public let triggeringExamples = [
        """
        import UIKit
        struct Product { let name: String }
        final class ProductCell: UITableViewCell { var product: Product? }
        """,
        """
        import UIKit
        class HomeViewController: UIViewController {}
        final class Banner: UIView { weak var owner: HomeViewController? }
        """,
        """
        import UIKit
        protocol CartViewControllerDelegate: AnyObject { func didCheckOut() }
        final class Badge: UIView { weak var cart: CartViewControllerDelegate? }
        """,
    ]
    public let nonTriggeringExamples = [
        """
        import UIKit
        final class Badge: UIView {}
        final class ProductCell: UITableViewCell { let badge = Badge() ; func configure(title: String) {} }
        """,
        // Theming is styling the views apply, not a model they depend on.
        """
        import UIKit
        protocol Themeable: AnyObject { func apply(_ theme: Theme) }
        final class Theme { static let shared = Theme() ; var tint = UIColor.blue ; func register(_ client: Themeable) {} }
        final class ProgressBar: UIView, Themeable {
            override init(frame: CGRect) { super.init(frame: frame) ; Theme.shared.register(self) }
            required init?(coder: NSCoder) { nil }
            func apply(_ theme: Theme) { tintColor = theme.tint }
        }
        """,
        """
        import UIKit
        final class ProductCell: UITableViewCell {
            enum Style { case compact, regular }
            var style: Style = .regular
        }
        """,
        """
        import UIKit
        protocol StatusViewDelegate: AnyObject { func didTapAvatar(in view: StatusView) }
        final class StatusView: UIView { weak var delegate: StatusViewDelegate? }
        final class TimelineViewController: UIViewController, StatusViewDelegate { func didTapAvatar(in view: StatusView) {} }
        """,
        """
        import UIKit
        protocol AvatarTapHandling: AnyObject { func didTapAvatar() }
        final class AvatarButton: UIButton { weak var tapDelegate: AvatarTapHandling? }
        final class ProfileViewController: UIViewController, AvatarTapHandling { func didTapAvatar() {} }
        """,
    ]
    /// The default preset: its delegate protocols are model-layer interfaces, which the examples exercise.
    public let examplePreset = "auto"
    public init() {}
    public func isViolated(from: LayerAssignment, to: LayerAssignment) -> Bool { from.layer == "view" && to.layer != "view" }
}

/// R2: models depend only on models.
public struct ModelIsolationRule: ArchitectureRule {
    public let identifier = "model-isolation"
    public let aliases = ["R2"]
    public let name = "Models depend only on models"
    public let summary = "A component of the Model layer must not depend on View or Controller components (the paper's R2); report changes through callbacks, delegates or observation instead."
    public let triggeringExamples = [
        """
        import UIKit
        class CartViewController: UIViewController {}
        final class Cart { weak var screen: CartViewController? }
        """,
        // A model other models use that shows a sheet through a presentation helper is still a model showing UI.
        """
        import UIKit
        final class OptionsPicker {
            func open(from controller: UIViewController) { controller.present(UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet), animated: true) }
        }
        final class NetworkWarning { var cellularAllowed = false ; func ask(from controller: UIViewController) { OptionsPicker().open(from: controller) } }
        final class Downloader { let warning = NetworkWarning() }
        """,
        // A service the model core depends on reaching for the main screen: presentation leaks into the model.
        """
        import UIKit
        final class MainViewController: UIViewController { func showExpiredAlert() {} }
        final class VPNService {
            private let main: MainViewController
            init(main: MainViewController) { self.main = main }
            func entitlementExpired() { main.showExpiredAlert() }
        }
        final class SessionStore { let vpn: VPNService ; init(vpn: VPNService) { self.vpn = vpn } }
        """,
        // A model only its screen uses, holding that screen: the back-reference R2 is about.
        """
        import UIKit
        final class Cart { var items: [String] = [] ; weak var screen: CartViewController? }
        final class CartViewController: UIViewController { let cart = Cart() }
        """,
    ]
    public let nonTriggeringExamples = [
        """
        struct Item { let price: Int }
        final class Cart { var items: [Item] = [] }
        """,
        // Presentation-side helpers: reaching only for views, and building them, is view work.
        """
        import UIKit
        final class AnimatedLogoView: UIView {}
        final class LogoViewCache {
            private var warm: [String: AnimatedLogoView] = [:]
            func view(for name: String) -> AnimatedLogoView {
                if let view = warm[name] { return view }
                let view = AnimatedLogoView()
                warm[name] = view
                return view
            }
        }
        """,
        // Showing a sheet through a presentation helper for the screens that use it.
        """
        import UIKit
        struct Episode { let title: String }
        final class OptionsPicker {
            func open(from controller: UIViewController) { controller.present(UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet), animated: true) }
        }
        final class MultiSelectHelper {
            func offerActions(for episodes: [Episode], from controller: UIViewController) { OptionsPicker().open(from: controller) }
        }
        final class EpisodesViewController: UIViewController { let multiSelect = MultiSelectHelper() }
        """,
        // A section type making a diffable data source dequeues and configures cells: view code.
        """
        import UIKit
        struct Status { let text: String }
        final class StatusTableViewCell: UITableViewCell {}
        enum StatusSection: Hashable {
            case main
            static func dataSource(tableView: UITableView) -> UITableViewDiffableDataSource<StatusSection, String> {
                UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, _ in
                    let cell = tableView.dequeueReusableCell(withIdentifier: "status", for: indexPath) as! StatusTableViewCell
                    return cell
                }
            }
            static func configure(cell: StatusTableViewCell, status: Status) { cell.textLabel?.text = status.text }
        }
        """,
        // A helper only screens use, working on the views they hand it.
        """
        import UIKit
        struct Trackers { let count: Int }
        final class OmniBar: UIView {}
        final class OmniBarAnimator {
            func showTrackers(_ trackers: Trackers, in omniBar: OmniBar) { UIView.animate(withDuration: 0.3) { omniBar.alpha = trackers.count > 0 ? 1 : 0 } }
        }
        final class BrowserViewController: UIViewController { let animator = OmniBarAnimator() ; let omniBar = OmniBar() }
        """,
        // A part of the application delegate calling back into it.
        """
        import UIKit
        struct MenuTitle { let text: String }
        final class MenuManager {
            func update(using builder: UIMenuBuilder, title: MenuTitle) {
                builder.insertChild(UIMenu(children: [UICommand(title: title.text, action: #selector(AppDelegate.checkForUpdate(_:)))]), atStartOfMenu: .application)
            }
        }
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            let menus = MenuManager()
            @objc func checkForUpdate(_ sender: Any?) {}
        }
        """,
        // Glue only presentation uses — an app service the application delegate creates, holding the main screen —
        // is presentation code, whatever folder-less bucket it fell into (`ModelCore`).
        """
        import UIKit
        final class MainViewController: UIViewController { func showExpiredAlert() {} }
        final class VPNService {
            private let main: MainViewController
            init(main: MainViewController) { self.main = main }
            func entitlementExpired() { main.showExpiredAlert() }
        }
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            let main = MainViewController()
            lazy var vpn = VPNService(main: main)
        }
        """,
        // A presentation helper working with several model services is an application service with a UI facet, and a
        // presenter protocol is the abstraction models talk back through.
        """
        import UIKit
        protocol AlertPresenter: AnyObject { func present(_ controller: UIViewController) }
        final class AlertStore {} ; final class Analytics {} ; final class LoopDataManager {} ; final class PluginManager {} ; final class SupportManager {}
        final class AlertViewController: UIViewController {}
        final class AlertManager {
            let store = AlertStore() ; let analytics = Analytics() ; let loop = LoopDataManager() ; let plugins = PluginManager() ; let support = SupportManager()
            weak var presenter: AlertPresenter?
            func issue() { presenter?.present(AlertViewController()) }
        }
        final class DeviceDataManager { let alerts = AlertManager() ; weak var presenter: AlertPresenter? }
        """,
        // A screen-factory protocol, and the composition root creating the app's models and screens alike, are
        // wiring, not model.
        """
        import UIKit
        final class CountriesViewController: UIViewController {}
        protocol CountryService { func makeCountriesViewController() -> CountriesViewController ; func presentReportBug() }
        final class AlertService { func show(from controller: UIViewController) { controller.present(UIAlertController(title: nil, message: nil, preferredStyle: .alert), animated: true) } }
        final class BugReporter { func report(from controller: UIViewController) { controller.present(UIAlertController(title: nil, message: nil, preferredStyle: .alert), animated: true) } }
        final class Toasts { func toast(on controller: UIViewController) { controller.present(UIAlertController(title: nil, message: nil, preferredStyle: .alert), animated: true) } }
        final class VpnGateway {} ; final class Keychain {} ; final class PlanService {} ; final class Telemetry {} ; final class Properties {}
        final class Profiles {} ; final class Sessions {} ; final class Servers {} ; final class Favourites {}
        final class DependencyContainer {
            lazy var gateway = VpnGateway() ; lazy var keychain = Keychain() ; lazy var plans = PlanService() ; lazy var telemetry = Telemetry()
            lazy var properties = Properties() ; lazy var profiles = Profiles() ; lazy var sessions = Sessions() ; lazy var servers = Servers()
            lazy var favourites = Favourites() ; lazy var alerts = AlertService() ; lazy var bugs = BugReporter() ; lazy var toasts = Toasts()
        }
        final class AppSession { let container = DependencyContainer() ; let countries: CountryService? = nil }
        """,
        // A stateless utility reaching for nothing but the window hierarchy is UI plumbing, whoever calls it.
        """
        import UIKit
        final class MainTabBarController: UITabBarController {}
        enum SceneHelper {
            static func mainTabs() -> MainTabBarController? {
                UIApplication.shared.connectedScenes.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first?.rootViewController as? MainTabBarController
            }
        }
        final class PlaybackManager { var isPlaying = false ; func sleepTimerFired() { isPlaying = false ; _ = SceneHelper.mainTabs() } }
        """,
        """
        import UIKit
        protocol StatusViewDelegate: AnyObject { func statusView(_ view: StatusView, didTap avatar: AvatarButton) }
        final class AvatarButton: UIButton {}
        final class StatusView: UIView { weak var delegate: StatusViewDelegate? }
        """,
    ]
    /// The default preset: its delegate protocols are model-layer interfaces, whose methods name their senders.
    public let examplePreset = "auto"
    public init() {}
    public func isViolated(from: LayerAssignment, to: LayerAssignment) -> Bool { from.layer == "model" && to.layer != "model" }
}

/// R3: view controllers do not depend on coordinating controllers.
public struct ControllerCoordinatorRule: ArchitectureRule {
    public let identifier = "view-controller-coordinator"
    public let aliases = ["R3"]
    public let name = "View controllers do not depend on coordinators"
    public let summary = "A view controller must not refer to a coordinating controller (the paper's R3); expose a delegate protocol or closure that the coordinator fills in."
    public let triggeringExamples = [
        """
        import UIKit
        final class AppCoordinator { func showDetail(from source: UIViewController) {} ; func showSettings(from source: UIViewController) {} }
        class ListViewController: UIViewController { var coordinator: AppCoordinator? }
        """,
    ]
    public let nonTriggeringExamples = [
        """
        import UIKit
        protocol ListViewControllerDelegate: AnyObject { func didSelect() }
        class ListViewController: UIViewController { weak var delegate: ListViewControllerDelegate? }
        final class AppCoordinator: ListViewControllerDelegate { func didSelect() {} }
        """,
    ]
    public let examplePreset = "auto"
    public init() {}
    public func isViolated(from: LayerAssignment, to: LayerAssignment) -> Bool {
        from.role == Role.viewController && to.role == Role.coordinator
    }
}

/// A forbidden dependency between two layers, from a preset or `.carto.yml`.
public struct ForbiddenLayerDependencyRule: ArchitectureRule {
    public let identifier: String
    public let name: String
    public let summary: String
    public let fromLayer: String
    public let toLayer: String
    public let triggeringExamples: [String]
    public let nonTriggeringExamples: [String]
    public let examplePreset: String

    public init(from: String, to: String, identifier: String? = nil, summary: String? = nil,
                triggeringExamples: [String] = [], nonTriggeringExamples: [String] = [], examplePreset: String = "mvc") {
        self.fromLayer = from
        self.toLayer = to
        self.identifier = identifier ?? "forbidden-\(from)-to-\(to)"
        self.name = "\(from) must not depend on \(to)"
        self.summary = summary ?? "Components of the \(from) layer must not depend on components of the \(to) layer (.carto.yml)."
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.examplePreset = examplePreset
    }

    public func isViolated(from: LayerAssignment, to: LayerAssignment) -> Bool {
        from.layer == fromLayer && to.layer == toLayer
    }
}

/// MVVM and SwiftUI: models know nothing of presentation.
public struct ModelPresentationIsolationRule: ArchitectureRule {
    public let identifier = "model-presentation-isolation"
    public let name = "Models do not depend on view models, views or view controllers"
    public let summary = "In MVVM and SwiftUI apps a model (anything of the model layer that is neither a view model nor an observable model) must not depend on view models (…ViewModel), views or view controllers: views and view models hold models, not the other way round. Observable models (ObservableObject, @Observable) are models a model may hold; a screen's presentation state (…ViewStateBindings, …CoordinatorParameters) may hold its child view models and navigation."
    public let triggeringExamples = [
        """
        import SwiftUI
        struct FeedView: View { @StateObject var model = FeedViewModel(); var body: some View { Text("") } }
        final class FeedViewModel: ObservableObject { let store = PostStore() }
        final class PostStore { var owner: FeedViewModel? }
        """,
        // Holding a view outside any view-building member is a model depending on a view.
        """
        import SwiftUI
        struct BadgeView: View { var body: some View { Text("") } }
        final class BadgeStore { var lastShown: BadgeView? }
        """,
    ]
    public let nonTriggeringExamples = [
        """
        import SwiftUI
        struct Icon: View { let name: String; var body: some View { Text(name) } }
        struct ToolbarButton: View {
            enum Role { case close, done; var icon: Icon { Icon(name: self == .close ? "xmark" : "checkmark") } }
            let role: Role
            var body: some View { role.icon }
        }
        """,
        """
        import SwiftUI
        struct Post { let title: String }
        final class FeedViewModel: ObservableObject { @Published var posts: [Post] = [] }
        struct FeedView: View { @StateObject var model = FeedViewModel(); var body: some View { Text("") } }
        """,
        // A member building a SwiftUI view is view code wherever it is declared.
        """
        import SwiftUI
        struct FeedView: View { var body: some View { Text("") } }
        struct ProfileView: View { var body: some View { Text("") } }
        enum AppTab {
            case feed, profile
            @ViewBuilder func makeContentView() -> some View {
                switch self { case .feed: FeedView(); case .profile: ProfileView() }
            }
        }
        """,
        // So is a member rendering a view into an image.
        """
        import SwiftUI
        struct AvatarView: View { var body: some View { Text("A") } }
        enum Avatars { @MainActor static func imageData() -> Data? { ImageRenderer(content: AvatarView()).uiImage?.pngData() } }
        """,
        // Mocks and previews are fixtures: test code.
        """
        import SwiftUI
        final class FeedViewModel: ObservableObject { @Published var title = "" }
        struct FeedView: View { @StateObject var model = FeedViewModel(); var body: some View { Text("") } }
        struct Mention { let text: String; static var mock: Mention { _ = FeedViewModel(); return Mention(text: "") } }
        """,
        // A delegate protocol naming its sender, a view model, is how the view model talks back.
        """
        import SwiftUI
        protocol AttachmentViewModelDelegate: AnyObject { func attachmentViewModel(_ viewModel: AttachmentViewModel, didUpload bytes: Int) }
        final class AttachmentViewModel: ObservableObject { weak var delegate: AttachmentViewModelDelegate? }
        struct AttachmentView: View { @StateObject var model = AttachmentViewModel(); var body: some View { Text("") } }
        """,
        // A colour of the codebase is a value a model may carry, even when it also conforms to View.
        """
        import SwiftUI
        struct ThemedColor: ShapeStyle, View {
            let name: String
            func resolve(in environment: EnvironmentValues) -> Color { Color(name) }
            var body: some View { Rectangle().fill(Color(name)) }
        }
        enum Flair { case admin, moderator ; var color: ThemedColor { ThemedColor(name: self == .admin ? "red" : "green") } }
        final class FlairViewModel: ObservableObject { @Published var flair = Flair.admin }
        struct FlairView: View { @StateObject var model = FlairViewModel(); var body: some View { model.flair.color } }
        """,
        // A view container holding type-erased content: its factories build the views it shows.
        """
        import SwiftUI
        struct SettingsView: View { var body: some View { Text("Settings") } }
        final class ServerViewModel: ObservableObject { @Published var name = "" }
        struct ServerView: View { @ObservedObject var model: ServerViewModel; var body: some View { Text(model.name) } }
        struct NavigationRoute {
            let id: String
            private let content: AnyView
            init(id: String, @ViewBuilder content: () -> some View) { self.id = id ; self.content = AnyView(content()) }
            static var settings: NavigationRoute { NavigationRoute(id: "settings") { SettingsView() } }
            static func server(_ model: ServerViewModel) -> NavigationRoute { NavigationRoute(id: "server") { ServerView(model: model) } }
        }
        """,
        // `some P` for a codebase protocol refining View builds a view; a view nested in a view model stays a view.
        """
        import SwiftUI
        protocol PlatformView: View {}
        struct Row: PlatformView { var body: some View { Text("") } }
        struct Chapter { let title: String ; var overlay: some PlatformView { Row() } }
        final class ChaptersViewModel: ObservableObject {
            struct Overlay: View { var body: some View { Row() } }
        }
        """,
        // A component implementing a manager's delegate protocol receives the manager.
        """
        import SwiftUI
        final class DownloadManager { weak var delegate: DownloadManagerDelegate? }
        protocol DownloadManagerDelegate: AnyObject { func downloadManager(_ manager: DownloadManager, didFinish file: String) }
        final class SettingsViewModel: ObservableObject, DownloadManagerDelegate {
            func downloadManager(_ manager: DownloadManager, didFinish file: String) {}
        }
        """,
        // A value type only views use that builds view content is part of those views.
        """
        import SwiftUI
        final class RowViewModel: ObservableObject { @Published var text = "" }
        struct RowAccessibilityLabel { let viewModel: RowViewModel; func label() -> Text { Text(viewModel.text) } }
        struct RowView: View {
            @StateObject var viewModel = RowViewModel()
            var body: some View { Text("").accessibilityLabel(RowAccessibilityLabel(viewModel: viewModel).label()) }
        }
        """,
    ]
    public let examplePreset = "auto"
    public init() {}
    public func isViolated(from: LayerAssignment, to: LayerAssignment) -> Bool {
        from.layer == "model" && ![Role.viewModel, Role.observableModel, Role.presentationState].contains(from.role)
            && (to.role == Role.viewModel || to.layer == "view" || to.layer == "controller")
    }
}

/// MVVM and SwiftUI: a view model presents state for views and never reaches for them.
public struct ViewModelIsolationRule: ArchitectureRule {
    public let identifier = "view-model-isolation"
    public let name = "View models do not depend on views or view controllers"
    public let summary = "A view model (…ViewModel, ObservableObject, @Observable) must not depend on views or view controllers: views observe it, and navigation goes through a coordinator or a closure."
    public let triggeringExamples = [
        """
        import SwiftUI
        struct FeedView: View { @StateObject var model = FeedViewModel(); var body: some View { Text("") } }
        final class FeedViewModel: ObservableObject { var view: FeedView? }
        """,
    ]
    public let nonTriggeringExamples = [
        """
        import SwiftUI
        final class FeedViewModel: ObservableObject { @Published var title = "" }
        struct FeedView: View { @StateObject var model = FeedViewModel(); var body: some View { Text(model.title) } }
        """,
    ]
    public let examplePreset = "auto"
    public init() {}
    public func isViolated(from: LayerAssignment, to: LayerAssignment) -> Bool {
        (from.role == Role.viewModel || from.role == Role.observableModel) && (to.role == Role.view || to.role == Role.viewController)
    }
}

/// A module dependency forbidden in `.carto.yml` (`moduleRules: {forbidden: [{from: Storage, to: UI}]}`): no
/// component of `from` may depend on a component of `to` (`*`: of any other module), whatever their layers.
public struct ForbiddenModuleDependencyRule: ArchitectureRule {
    public let identifier = "module-dependency"
    public let name: String
    public let summary: String
    public let fromModule: String
    public let toModule: String

    public init(from: String, to: String) {
        fromModule = from
        toModule = to
        name = to == "*" ? "\(from) must not depend on other modules" : "\(from) must not depend on \(to)"
        summary = to == "*"
            ? "Components of module \(from) must not depend on components of any other module of the codebase (.carto.yml moduleRules)."
            : "Components of module \(from) must not depend on components of module \(to) (.carto.yml moduleRules)."
    }

    /// Layers alone never break a module rule.
    public func isViolated(from: LayerAssignment, to: LayerAssignment) -> Bool { false }

    public func isViolated(from: LayerAssignment, to: LayerAssignment, fromModule: String?, toModule: String?) -> Bool {
        guard let a = fromModule, let b = toModule, a == self.fromModule, a != b else { return false }
        return self.toModule == "*" || b == self.toModule
    }
}
