import CartoArch
import XCTest

final class CategorisationTests: XCTestCase {
    static let app = """
        import UIKit
        class BaseViewController: UIViewController {}
        final class ListViewController: BaseViewController { var onSelect: ((Item) -> Void)? }
        final class ItemCell: UITableViewCell {}
        struct Item { let name: String }
        final class Navigator { let nav = UINavigationController() ; func start() { nav.pushViewController(ListViewController(), animated: true) } }
        final class Launcher { let navigator = Navigator() }
        """

    func testPaperSimpleCategInheritanceOnly() throws {
        let report = try TestCodebase(source: Self.app).analyze(preset: "mvc")
        let layers = Dictionary(uniqueKeysWithValues: report.components.map { ($0.qualifiedName, $0.layer) })
        XCTAssertEqual(layers, ["BaseViewController": "controller", "ListViewController": "controller", "ItemCell": "view",
                                "Item": "model", "Navigator": "model", "Launcher": "model"])
        XCTAssertEqual(report.rules.map(\.id), ["view-isolation", "model-isolation"])
    }

    func testPaperCoordCategPullsComponentsDealingWithControllersAndTheirUsers() throws {
        let report = try TestCodebase(source: Self.app).analyze(preset: "mvc-coordinators")
        XCTAssertEqual(report.component("Navigator")?.role, Role.coordinator)
        XCTAssertEqual(report.component("Launcher")?.role, Role.coordinator, "H4 also takes components dealing with coordinators")
        XCTAssertEqual(report.component("Item")?.layer, "model")
        XCTAssertEqual(report.rules.map(\.id), ["view-isolation", "model-isolation", "view-controller-coordinator"])
    }

    func testDefaultPresetIsCareful() throws {
        let report = try TestCodebase(source: Self.app).analyze()
        XCTAssertEqual(report.preset, "auto")
        XCTAssertEqual(report.component("Navigator")?.role, Role.coordinator)
        XCTAssertEqual(report.component("Launcher")?.layer, "model", "holding a coordinator does not make a model a controller")
    }

    func testMVVMPutsViewControllersInTheViewLayer() throws {
        let report = try TestCodebase(source: """
            import UIKit
            final class FeedViewModel: ObservableObject { var title = "" }
            final class FeedViewController: UIViewController { let viewModel = FeedViewModel() }
            final class FeedCoordinator { let navigation = UINavigationController() }
            struct Post {}
            """).analyze(preset: "mvvm")
        XCTAssertEqual(report.component("FeedViewController")?.layer, "view")
        XCTAssertEqual(report.component("FeedViewModel")?.layer, "viewmodel")
        XCTAssertEqual(report.component("FeedCoordinator")?.layer, "coordinator")
        XCTAssertEqual(report.component("Post")?.layer, "model")
        XCTAssertEqual(report.layers.map(\.name), ["model", "viewmodel", "view", "coordinator"])
    }

    func testVIPERRolesByName() throws {
        let report = try TestCodebase(source: """
            import UIKit
            protocol LoginViewOutput: AnyObject { func didTapLogin() }
            final class LoginPresenter: LoginViewOutput { func didTapLogin() {} }
            final class LoginInteractor {}
            final class LoginRouter {}
            final class LoginViewController: UIViewController { var output: LoginViewOutput? ; let interactor = LoginInteractor() }
            struct UserEntity {}
            """).analyze(preset: "viper")
        XCTAssertEqual(report.component("LoginPresenter")?.layer, "presenter")
        XCTAssertEqual(report.component("LoginViewOutput")?.layer, "presenter")
        XCTAssertEqual(report.component("LoginInteractor")?.layer, "interactor")
        XCTAssertEqual(report.component("LoginRouter")?.layer, "router")
        XCTAssertEqual(report.component("LoginViewController")?.layer, "view")
        XCTAssertEqual(report.component("UserEntity")?.layer, "entity")
        XCTAssertEqual(report.violations.map(\.rule), ["viper-view-interactor"])
    }

    func testInheritanceIsFollowedThroughTheCodebaseAcrossFiles() throws {
        let report = try TestCodebase([
            "Base.swift": "import UIKit\nclass Card: UIView {}\nclass Screen: UICollectionViewController {}\n",
            "Leaf.swift": "final class PromoCard: Card {}\nfinal class HomeScreen: Screen {}\n",
        ]).analyze()
        XCTAssertEqual(report.component("PromoCard")?.layer, "view")
        XCTAssertEqual(report.component("HomeScreen")?.role, Role.viewController)
    }

    func testThirdPartyUIBaseClassesByConvention() throws {
        let report = try TestCodebase(source: """
            import AsyncDisplayKit
            import SomeUIKit
            final class FeedNode: ASCellNode {}
            final class Fancy: FancyButton {}
            final class ChatScreen: MessagesViewController {}
            final class Token: NSObject {}
            """).analyze()
        XCTAssertEqual(report.component("FeedNode")?.layer, "view")
        XCTAssertEqual(report.component("Fancy")?.layer, "view")
        XCTAssertEqual(report.component("ChatScreen")?.role, Role.viewController)
        XCTAssertEqual(report.component("Token")?.layer, "model")
    }

    func testEveryComponentExplainsItsLayer() throws {
        let report = try TestCodebase(source: Self.app).analyze()
        for c in report.components {
            XCTAssertFalse(c.heuristic.isEmpty)
            XCTAssertFalse(c.reason.isEmpty)
        }
    }

    /// Home Assistant's `EntityRegistryListForDisplay.Entity` was test code because a test file extends it with fixtures.
    func testATestFileExtendingAnAppTypeDoesNotMakeItTestCode() throws {
        let report = try TestCodebase([
            "Sources/Registry.swift": "import Foundation\nenum Registry { struct Entity { let id: String } }\nstruct Precision { let entity: Registry.Entity }",
            "Tests/RegistryTests.swift": "import Testing\n@testable import App\nextension Registry.Entity { static func fake() -> Self { .init(id: \"1\") } }",
        ]).analyze()
        XCTAssertEqual(report.component("Registry.Entity")?.layer, "model")
        XCTAssertEqual(report.violations.map(\.rule), [], "a model holding another model breaks no rule")
    }
}
