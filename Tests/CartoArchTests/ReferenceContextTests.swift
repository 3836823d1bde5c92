import CartoArch
import CartoCore
import Foundation
import XCTest

/// Code is judged by the layer it works in: view-building members, renderers, fixtures and the helpers of views,
/// view models and view controllers (AnalysisStage, SyntaxCollector's member contexts).
final class ReferenceContextTests: XCTestCase {
    private func violations(_ source: String) throws -> [String] {
        let report = try TestCodebase(source: source).analyze()
        return report.violations.map { v in "\(v.rule) \(v.from) -> \(v.to) :\(v.line)" }.sorted()
    }

    func testOnlyTheMemberThatBuildsAViewIsViewCode() throws {
        let found = try violations("""
            import SwiftUI
            struct FeedView: View { var body: some View { Text("") } }
            struct ProfileView: View { var body: some View { Text("") } }
            struct Account { let name: String }
            // Also a model (its badge counts an account's items): not a type that only works for views.
            enum AppTab {
                case feed, profile
                func badge(for account: Account) -> Int { account.name.count }
                @ViewBuilder func makeContentView() -> some View {
                    switch self { case .feed: FeedView(); case .profile: ProfileView() }
                }
                var header: AnyView { AnyView(FeedView()) }
                func cache() { let view = FeedView(); print(view) }
            }
            """)
        XCTAssertEqual(found, ["model-presentation-isolation AppTab -> FeedView :13"])
    }

    func testFixturesAreTestCodeButPreviewNamedProductionMembersAreNot() throws {
        let found = try violations("""
            import SwiftUI
            final class FeedViewModel: ObservableObject { @Published var title = "" }
            struct FeedView: View { @StateObject var model = FeedViewModel(); var body: some View { Text("") } }
            struct Account { let name: String }
            struct Mention {
                let author: Account
                static var mock: Mention { _ = FeedViewModel(); return Mention(author: Account(name: "")) }
                static func mockList() -> [Mention] { _ = FeedViewModel(); return [] }
                var previewURL: URL? { _ = FeedViewModel(); return nil }
            }
            """)
        XCTAssertEqual(found, ["model-presentation-isolation Mention -> FeedViewModel :9"])
    }

    func testRenderingAViewIsViewCodeAndAViewModelBuildingViewsIsStillReported() throws {
        let found = try violations("""
            import SwiftUI
            struct AvatarView: View { var body: some View { Text("A") } }
            enum Avatars { @MainActor static func imageData() -> Data? { ImageRenderer(content: AvatarView()).uiImage?.pngData() } }
            final class ProfileViewModel: ObservableObject {
                @ViewBuilder func avatar() -> some View { AvatarView() }
            }
            struct ProfileView: View { @StateObject var model = ProfileViewModel(); var body: some View { model.avatar() } }
            """)
        XCTAssertEqual(found, ["view-model-isolation ProfileViewModel -> AvatarView :5"])
    }

    func testHelpersOfViewsAndViewModels() throws {
        let found = try violations("""
            import SwiftUI
            final class RowViewModel: ObservableObject { @Published var text = "" }
            final class ThreadViewModel: ObservableObject { let handler = RowInteractionHandler() }
            struct RowAccessibilityLabel { let viewModel: RowViewModel; func label() -> Text { Text(viewModel.text) } }
            struct RowView: View {
                @StateObject var viewModel = RowViewModel()
                var body: some View { Text("").accessibilityLabel(RowAccessibilityLabel(viewModel: viewModel).label()) }
            }
            final class RowInteractionHandler {
                var owner: ThreadViewModel?
                func openThread() -> RowViewModel { RowViewModel() }
            }
            """)
        // The label builder is part of the row; the handler may create a child view model like its view model does,
        // but holding its owner back is a model depending on a view model.
        XCTAssertEqual(found, ["model-presentation-isolation RowInteractionHandler -> ThreadViewModel :10"])
    }

    /// Both readers of bodies (the raw scanner, and the syntax visitor for bodies declaring local types) see cell
    /// building; a view model dequeuing cells is still reported.
    func testTypesBuildingCellsOrViewHierarchiesAreViewCodeButViewModelsAreNot() throws {
        let found = try violations("""
            import UIKit
            final class StatusCell: UITableViewCell {}
            final class LoaderCell: UITableViewCell {}
            enum StatusSection {
                static func cell(in tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
                    tableView.dequeueReusableCell(withIdentifier: "s", for: indexPath) as! StatusCell
                }
                static func loader(in tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
                    struct Identifier { static let value = "l" }
                    return tableView.dequeueReusableCell(withIdentifier: Identifier.value, for: indexPath) as! LoaderCell
                }
            }
            final class TimelineViewModel: ObservableObject {
                func cell(in tableView: UITableView, at indexPath: IndexPath) -> UITableViewCell {
                    tableView.dequeueReusableCell(withIdentifier: "s", for: indexPath) as! StatusCell
                }
            }
            struct Status { let text: String }
            enum Sizes { static func height(of cell: StatusCell, showing status: Status) -> Double { 44 } }
            final class OverlayButton: UIButton {}
            final class OverlayController: NSObject {
                private weak var active: OverlayButton?
                func show(_ status: Status, in container: UIView) {
                    let button = OverlayButton(type: .system)
                    button.setTitle(status.text, for: .normal)
                    container.addSubview(button)
                    active = button
                }
            }
            """)
        XCTAssertFalse(found.contains { $0.contains("StatusSection") }, "\(found)")
        XCTAssertFalse(found.contains { $0.contains("OverlayController") }, "adding the buttons it makes to a view is view code: \(found)")
        XCTAssertTrue(found.contains { $0.contains("TimelineViewModel -> StatusCell") }, "\(found)")
        XCTAssertTrue(found.contains { $0.contains("Sizes -> StatusCell") }, "a model only taking a cell is not building cells: \(found)")
    }

    /// Third-party SwiftUI apps (Mlem, Swiftfin): colours, view containers, `some PlatformView` members and views
    /// nested in view models are presentation; a model holding a view model next to them still is not.
    func testColoursContainersAndViewRefinementsAreNotModelsDependingOnViews() throws {
        let found = try violations("""
            import SwiftUI
            protocol PlatformView: View {}
            struct Row: PlatformView { var body: some View { Text("") } }
            struct ThemedColor: ShapeStyle, View {
                let name: String
                func resolve(in environment: EnvironmentValues) -> Color { Color(name) }
                var body: some View { Rectangle().fill(Color(name)) }
            }
            enum Flair { case admin ; var color: ThemedColor { ThemedColor(name: "red") } }
            final class ChaptersViewModel: ObservableObject {
                struct Overlay: View { var body: some View { Row() } }
                @Published var flair = Flair.admin
            }
            struct Chapter { let title: String ; var overlay: some PlatformView { Row() } }
            struct NavigationRoute {
                private let content: AnyView
                init(@ViewBuilder content: () -> some View) { self.content = AnyView(content()) }
                static func chapters(_ model: ChaptersViewModel) -> NavigationRoute { NavigationRoute { ChaptersView(model: model) } }
            }
            struct ChaptersView: View { @ObservedObject var model: ChaptersViewModel; var body: some View { model.flair.color } }
            struct Library { let title: String ; let model: ChaptersViewModel }
            """)
        XCTAssertEqual(found, ["model-presentation-isolation Library -> ChaptersViewModel :21"])
    }

    /// `ModelCore`: a plain model's reach for presentation is a model's only where the model core depends on it,
    /// its authors keep it in a model folder, or it points back at presentation holding it; an extension written in
    /// a presentation type's file is that type's code.
    func testPresentationGlueFoldersAndExtensionsInPresentationFiles() throws {
        let files = [
            "App/Discover/DiscoverCellType.swift": """
                import UIKit
                final class CategoryViewController: UIViewController {}
                enum DiscoverCellType {
                    case category
                    func makeController() -> UIViewController { CategoryViewController() }
                }
                extension DiscoverItem { func cellType() -> DiscoverCellType? { .category } }
                """,
            "App/Discover/DiscoverItem.swift": "struct DiscoverItem: Codable { let title: String }\nfinal class DiscoverFeed { var items: [DiscoverItem] = [] }\n",
            // Kept in Models/ by its authors, used only by a screen, building a view: still a model building a view.
            "App/Models/PriceFormatter.swift": """
                import UIKit
                final class PriceTagView: UILabel {}
                struct Money { let cents: Int }
                enum PriceFormatter { static func tag(for money: Money) -> PriceTagView { let tag = PriceTagView() ; tag.text = "\\(money.cents)" ; return tag } }
                """,
            "App/Scenes/CartViewController.swift": """
                import UIKit
                final class CartViewController: UIViewController { let tag = PriceFormatter.tag(for: Money(cents: 100)) ; let feed = DiscoverFeed() }
                """,
            // The same helper outside a model folder, only screens using it: presentation glue.
            "App/Scenes/BadgeMaker.swift": """
                import UIKit
                final class BadgeView: UILabel {}
                final class BadgeMaker { var count = 0 ; func badge(for item: DiscoverItem) -> BadgeView { let b = BadgeView() ; b.text = item.title ; return b } }
                final class BadgeViewController: UIViewController { let maker = BadgeMaker() }
                """,
        ]
        let report = try TestCodebase(files).analyze()
        let found = report.violations.map { "\($0.rule) \($0.from) -> \($0.to)" }
        XCTAssertEqual(Set(found), ["model-isolation PriceFormatter -> PriceTagView"], "\(found)")
    }

    /// The application type as a namespace (a dependency container, constants) is no presentation; one handing out
    /// itself is. An App Intent answering with a snippet view builds that view.
    func testAppTypeNamespaceReadsAndIntentSnippets() throws {
        let found = try violations("""
            import SwiftUI
            import AppIntents
            final class Resolver { func settings() -> Int { 1 } }
            @main struct TrioApp: App {
                static var resolver: Resolver { Resolver() }
                var body: some Scene { WindowGroup { StateView(glucose: 0) } }
            }
            struct StateView: View { let glucose: Int ; var body: some View { Text("\\(glucose)") } }
            final class DeviceManager { let settings = TrioApp.resolver.settings() }
            final class PumpStore { let devices = DeviceManager() }
            struct ListStateIntent: AppIntent {
                static var title: LocalizedStringResource = "State"
                func perform() async throws -> some IntentResult & ShowsSnippetView { .result(view: StateView(glucose: 5)) }
            }
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                static var current: SceneDelegate?
                var window: UIWindow?
            }
            final class AlertService { var count = 0 ; func show() { _ = SceneDelegate.current?.window } }
            final class SyncEngine { let alerts = AlertService() }
            """)
        XCTAssertEqual(found.map { $0.components(separatedBy: " :")[0] }, ["model-presentation-isolation AlertService -> SceneDelegate"], "\(found)")
    }

    /// Test targets are never linked into the app: references written in test files are test code (a test's
    /// `extension SearchResult: Equatable` casting to its mocks), and production code never names a test type
    /// (a VPN framework's `OpenVPN.Credentials` is not the UI tests' `Credentials`).
    func testTestFilesAndTestTypesAreOutsideTheRules() throws {
        let report = try TestCodebase([
            "App/Search/SearchResult.swift": "enum SearchResult { case countries([String]) }\nfinal class SearchStore { var results: [SearchResult] = [] }\n",
            "App/Tunnel/PacketTunnel.swift": "final class PacketTunnel { let credentials = OpenVPN.Credentials(\"user\", \"pass\") }\n",
            "AppTests/SearchTests/Equatable.swift": """
                final class CountryViewModelMock {}
                extension SearchResult: Equatable {
                    static func == (l: SearchResult, r: SearchResult) -> Bool { (l as Any) is CountryViewModelMock }
                }
                """,
            "AppUITests/Support/Credentials.swift": "final class Credentials { init(_ user: String, _ password: String) {} }\n",
        ]).analyze()
        XCTAssertEqual(report.violations.map(\.rule), [])
        XCTAssertTrue(report.dependencies(from: "PacketTunnel", to: "Credentials").isEmpty, "a test type is not what production code names")
        XCTAssertTrue(report.externalDependencies.contains { $0.from == "PacketTunnel" && $0.to == "OpenVPN.Credentials" })
    }
}
