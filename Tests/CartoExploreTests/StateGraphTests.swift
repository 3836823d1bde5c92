@testable import CartoExplore
import CartoModel
import XCTest

/// The one graph type behind the crawler's replays, `carto gen` and `carto graph diff`.
final class StateGraphTests: XCTestCase {
    struct Edge: StateGraphEdge { var source: Int; var target: Int; var isReplayable = true; var name = "" }

    func testShortestPathsTakeTheEarliestEdgesAndNeverABackMove() {
        // 0 → 1 → 3 and 0 → 2 → 3 (added later); 3 → 0 by the browser's back, which no replay may take; 4 alone.
        var graph = StateGraph<String, Edge>(states: ["a", "b", "c", "d", "e"])
        graph.add(Edge(source: 0, target: 1, name: "a→b"))
        graph.add(Edge(source: 0, target: 2, name: "a→c"))
        graph.add(Edge(source: 2, target: 3, name: "c→d"))
        graph.add(Edge(source: 1, target: 3, name: "b→d"))
        graph.add(Edge(source: 3, target: 0, isReplayable: false, name: "back"))
        XCTAssertEqual(graph.shortestPath(from: 0, to: 3)?.map { graph.edges[$0].name }, ["a→b", "b→d"], "the earliest edges win a tie")
        XCTAssertEqual(graph.shortestPath(from: 0, to: 0), [])
        XCTAssertNil(graph.shortestPath(from: 3, to: 0), "a back move is no step of a replay")
        XCTAssertNil(graph.shortestPath(from: 0, to: 4))
        XCTAssertEqual(graph.edges(from: 0).map { graph.edges[$0].name }, ["a→b", "a→c"])
        XCTAssertEqual(graph.distances(from: 0), [0, 1, 1, 2, nil])
    }

    func testAModelIsTheSameGraph() throws {
        let states = [CrawlModel.State(id: "s0", title: "Home", context: "/", screenshot: nil, depth: 0, elements: 1, events: 1),
                      CrawlModel.State(id: "s1", title: "About", context: "/about", screenshot: nil, depth: 1, elements: 1, events: 1)]
        let edges = [CrawlModel.Edge(from: "s0", to: "s1", event: "tap link \"About\"", kind: .new),
                     CrawlModel.Edge(from: "s1", to: "s0", event: "back", kind: .back),
                     CrawlModel.Edge(from: "s1", to: "s9", event: "tap link \"Gone\"", kind: .new)]
        let model = CrawlModel(app: .init(platform: "web", start: "/"),
                               settings: CrawlSettings(), states: states, edges: edges,
                               stats: .init(events: 2, uniqueStates: 2, totalStates: 3, edges: 3, durationSeconds: 1, failures: 0, stopReason: .explored), failures: [])
        let graph = model.graph
        XCTAssertEqual(graph.edges.count, 2, "an edge to a state the model does not have is left out")
        XCTAssertEqual(graph.shortestPath(from: 0, to: 1).map { $0.map { model.edges[graph.edges[$0].index].event } }, ["tap link \"About\""])
        XCTAssertNil(graph.shortestPath(from: 1, to: 0), "the crawler's back moves of older models are not replayed")
    }
}
