import ControllerKit
import Foundation
import Testing

// The coder off the main actor, as `NSCoder` is used: from `NSCoding` model classes' hooks, from
// protocol extensions and from plain helper classes, none of them isolated to an actor. Nothing
// here is `@MainActor`: the tests run on the concurrent executor.

/// An `NSCoding` model class, renamed: nonisolated, as such classes are.
private final class Recipe: Coding {
    let name: String
    let servings: Int
    let steps: [String]

    init(name: String, servings: Int, steps: [String]) {
        self.name = name
        self.servings = servings
        self.steps = steps
    }

    func encode(with coder: Coder) {
        coder.encode(name, forKey: "name")
        coder.encode(servings, forKey: "servings")
        coder.encode(steps as Any, forKey: "steps")
    }

    init?(coder: Coder) {
        guard let name = coder.decodeString(forKey: "name") else { return nil }
        self.name = name
        servings = coder.decodeInteger(forKey: "servings")
        steps = coder.decodeObject(forKey: "steps") as? [String] ?? []
    }
}

/// A helper protocol whose extension writes and reads through the coder, with no isolation.
private protocol ScrollStateCoding: AnyObject {
    var offset: CGPoint { get set }
    var zoom: Double { get set }
}

extension ScrollStateCoding {
    func encodeScrollState(with coder: Coder) {
        coder.encode(offset, forKey: "offset")
        coder.encode(zoom, forKey: "zoom")
    }

    func decodeScrollState(with coder: Coder) {
        offset = coder.decodeCGPoint(forKey: "offset")
        zoom = coder.decodeDouble(forKey: "zoom")
    }
}

private final class ScrollState: ScrollStateCoding {
    var offset = CGPoint.zero
    var zoom = 1.0
}

/// A plain coordinator class that keeps a controller's values, as a coordinator that a
/// controller's hooks forward to does.
private final class DetailCoordinator {
    var postID: Int64 = 0
    var recipe: Recipe?

    func encode(with coder: Coder) {
        coder.encode(postID, forKey: "postID")
        coder.encode(recipe, forKey: "recipe")
        coder.encode(recipe, forKey: "sameRecipe")
    }

    func decode(with coder: Coder) {
        postID = coder.decodeInt64(forKey: "postID")
        recipe = coder.decodeObject(of: Recipe.self, forKey: "recipe")
    }
}

@Suite struct CoderConcurrencyTests {
    /// A model class writes itself into a coder and is made again from the values, on a task
    /// that is on no actor.
    @Test func aCodingClassRoundTripsOffTheMainActor() async {
        let isolation: (any Actor)? = #isolation
        #expect(isolation == nil)
        let made = await Task.detached { () -> [String] in
            let coder = Coder(codingPath: ["recipes"])
            Recipe(name: "bread", servings: 4, steps: ["knead", "bake"]).encode(with: coder)
            guard let copy = Recipe(coder: Coder(values: coder.values, codingPath: ["recipes"])) else { return [] }
            return [copy.name, "\(copy.servings)"] + copy.steps + coder.errors.map(\.description)
        }.value
        #expect(made == ["bread", "4", "knead", "bake"])
    }

    /// A protocol extension and a plain class use the coder as controllers' hooks do: values,
    /// points and a model object by reference, which keeps its identity.
    @Test func helpersWithoutIsolationWriteAndReadTheCoder() async {
        let coder = Coder(codingPath: ["reader", "detail"])
        let state = ScrollState()
        state.offset = CGPoint(x: 0, y: 812.5)
        state.zoom = 1.5
        state.encodeScrollState(with: coder)
        let coordinator = DetailCoordinator()
        coordinator.postID = 7_000_000_001
        coordinator.recipe = Recipe(name: "soup", servings: 2, steps: [])
        coordinator.encode(with: coder)

        let restoredState = ScrollState()
        restoredState.decodeScrollState(with: coder)
        let restoredCoordinator = DetailCoordinator()
        restoredCoordinator.decode(with: coder)
        #expect(restoredState.offset == CGPoint(x: 0, y: 812.5))
        #expect(restoredState.zoom == 1.5)
        #expect(restoredCoordinator.postID == 7_000_000_001)
        #expect(restoredCoordinator.recipe === coordinator.recipe)
        #expect(coder.values["recipe"] == coder.values["sameRecipe"])
        #expect(coder.errors.isEmpty)
    }

    /// Coders are not shared, but many may work at once, one per task.
    @Test func oneCoderPerTaskWorksInParallel() async {
        let sums = await withTaskGroup(of: Int.self) { group in
            for task in 0..<16 {
                group.addTask {
                    let coder = Coder(codingPath: ["task \(task)"])
                    for index in 0..<200 { coder.encode(index * task, forKey: "k\(index)") }
                    return (0..<200).reduce(0) { $0 + coder.decodeInteger(forKey: "k\($1)") } + coder.errors.count
                }
            }
            var sums: [Int] = []
            for await sum in group { sums.append(sum) }
            return sums.sorted()
        }
        #expect(sums == (0..<16).map { $0 * 19_900 })
    }

    /// Errors name the key and path off the main actor too.
    @Test func errorsNameKeyAndPathOffTheMainActor() async {
        let coder = Coder(values: ["servings": .string("four")], codingPath: ["recipes", "bread"])
        #expect(coder.decodeInteger(forKey: "servings") == 0)
        #expect(coder.errors.map(\.description) == [#"key "servings" at /recipes/bread: expected Int, found string of 4 characters"#])
    }

    /// The coder says it is secure, as `NSCoder.requiresSecureCoding`: it makes only registered
    /// classes.
    @Test func theCoderRequiresSecureCoding() {
        #expect(Coder().requiresSecureCoding)
    }
}
