import CartoArch
import XCTest

/// `auto` detects the style of a codebase from what its components are, names it with its evidence, and applies the
/// rules that fit it; `--preset` still overrides. Each fixture is a small codebase in one style.
final class StyleDetectionTests: XCTestCase {
    static let uiKitMVC = """
        import UIKit
        struct Product { let name: String }
        final class ProductCell: UITableViewCell { var product: Product? }
        final class ListViewController: UIViewController { let cell = ProductCell() }
        final class DetailViewController: UIViewController { var product: Product? }
        """

    static let uiKitCoordinators = uiKitMVC + """

        final class AppCoordinator {
            let navigation = UINavigationController()
            func showDetail() { navigation.pushViewController(DetailViewController(), animated: true) }
        }
        final class SettingsViewController: UIViewController { var coordinator: AppCoordinator? }
        """

    static let uiKitMVVM = """
        import UIKit
        struct Product { let name: String }
        final class ListViewModel { var products: [Product] = [] }
        final class DetailViewModel { var product: Product?; weak var screen: DetailViewController? }
        final class ProductCell: UITableViewCell { var model: ListViewModel? }
        final class ListViewController: UIViewController { let model = ListViewModel() }
        final class DetailViewController: UIViewController { let model = DetailViewModel() }
        """

    static let swiftUIObservable = """
        import SwiftUI
        import Observation
        struct Post { let title: String }
        @Observable final class FeedModel { var posts: [Post] = [] }
        @Observable final class Session { var user = "" }
        struct FeedView: View { var model: FeedModel; var body: some View { Text("") } }
        struct PostRow: View { let post: Post; var body: some View { Text(post.title) } }
        struct ProfileView: View { var session: Session; var body: some View { Text(session.user) } }
        final class PostCache { var rows: [PostRow] = [] }
        """

    static let swiftUIMVVM = """
        import SwiftUI
        struct Post { let title: String }
        final class FeedViewModel: ObservableObject { @Published var posts: [Post] = [] }
        final class ProfileViewModel: ObservableObject { @Published var name = ""; var screen: ProfileView? }
        struct FeedView: View { @StateObject var model = FeedViewModel(); var body: some View { Text("") } }
        struct ProfileView: View { @StateObject var model = ProfileViewModel(); var body: some View { Text("") } }
        """

    static let viper = """
        import UIKit
        final class LoginInteractor {}
        final class FeedInteractor {}
        final class LoginPresenter {}
        final class FeedPresenter {}
        final class LoginRouter {}
        final class LoginViewController: UIViewController { let interactor = LoginInteractor() }
        final class FeedViewController: UIViewController { var presenter: FeedPresenter? }
        """

    static let tca = """
        import SwiftUI
        import ComposableArchitecture
        @Reducer struct Counter { struct State {}; enum Action {} }
        @Reducer struct Settings { struct State {}; enum Action {} }
        struct CounterView: View { let store: StoreOf<Counter>; var body: some View { Text("") } }
        struct SettingsView: View { let store: StoreOf<Settings>; var body: some View { Text("") } }
        """

    private func analyze(_ source: String, preset: String? = nil) throws -> ArchitectureReport {
        try TestCodebase(source: source).analyze(preset: preset)
    }

    private func rules(_ report: ArchitectureReport) -> Set<String> { Set(report.violations.map(\.rule)) }

    func testEachStyleIsDetectedFromItsEvidence() throws {
        let cases: [(String, String, ArchitectureStyle)] = [
            ("UIKit MVC", Self.uiKitMVC, .mvc), ("coordinators", Self.uiKitCoordinators, .mvcCoordinators),
            ("UIKit MVVM", Self.uiKitMVVM, .mvvm), ("SwiftUI, observable models", Self.swiftUIObservable, .swiftui),
            ("SwiftUI MVVM", Self.swiftUIMVVM, .mvvm), ("VIPER", Self.viper, .viper), ("TCA", Self.tca, .tca),
        ]
        for (name, source, style) in cases {
            let report = try analyze(source)
            XCTAssertEqual(report.architecture.style, style, name)
            XCTAssertGreaterThan(report.architecture.confidence, 0.3, name)
            XCTAssertEqual(report.preset, "auto")
        }
        let evidence = try analyze(Self.swiftUIObservable).architecture.evidence
        XCTAssertEqual(evidence.swiftUIViews, 3)
        XCTAssertEqual(evidence.observableModels, 2)
        XCTAssertEqual(evidence.viewModels, 0)
        XCTAssertEqual(evidence.summary, "3 SwiftUI views, 2 observable models")
    }

    /// A few reducers in an MVVM app that adopted TCA for some features do not make it TCA (ProtonVPN's macOS app).
    func testAFewReducersBesideManyViewModelsIsStillMVVM() throws {
        let source = Self.uiKitMVVM + """
            import ComposableArchitecture
            @Reducer struct BugReport { struct State {}; enum Action {} }
            @Reducer struct Onboarding { struct State {}; enum Action {} }
            final class SettingsViewModel {} ; final class AccountViewModel {} ; final class PlansViewModel {}
            """
        XCTAssertEqual(try analyze(source).architecture.style, .mvvm)
        XCTAssertEqual(try analyze(Self.tca).architecture.style, .tca, "reducers are the main way state is kept")
    }

    func testTheDetectedStyleDecidesTheRules() throws {
        // MVC: a cell holding a model breaks R1.
        XCTAssertEqual(rules(try analyze(Self.uiKitMVC)), ["view-isolation"])
        // Coordinators add R3.
        XCTAssertTrue(rules(try analyze(Self.uiKitCoordinators)).contains("view-controller-coordinator"))
        // MVVM: views hold view models (no R1); a view model holding its view controller is the violation.
        let mvvm = try analyze(Self.uiKitMVVM)
        XCTAssertEqual(rules(mvvm), ["view-model-isolation"])
        XCTAssertEqual(mvvm.violations.map { "\($0.from) -> \($0.to)" }, ["DetailViewModel -> DetailViewController"])
        // SwiftUI: views hold observable models and data; a model holding views is the violation.
        let swiftUI = try analyze(Self.swiftUIObservable)
        XCTAssertEqual(swiftUI.violations.map { "\($0.rule) \($0.from) -> \($0.to)" }, ["model-presentation-isolation PostCache -> PostRow"])
        XCTAssertEqual(rules(try analyze(Self.swiftUIMVVM)), ["view-model-isolation"])
        // VIPER: its preset's layers and rules.
        let viper = try analyze(Self.viper)
        XCTAssertEqual(viper.layers.map(\.name).prefix(5), ["entity", "interactor", "presenter", "view", "router"])
        XCTAssertEqual(rules(viper), ["viper-view-interactor"])
        // TCA: views over stores are how it works.
        XCTAssertEqual(try analyze(Self.tca).violations, [])
    }

    func testAPresetOverridesTheStyleButTheStyleIsStillReported() throws {
        let report = try analyze(Self.swiftUIObservable, preset: "mvc")
        XCTAssertEqual(report.preset, "mvc")
        XCTAssertEqual(report.architecture.style, .swiftui)
        XCTAssertTrue(rules(report).contains("view-isolation"), "the paper's R1, as asked")
    }
}
