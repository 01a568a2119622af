@testable import ControllerKit
import Testing

/// `relation` after the changes that move members about, and the search behind it.
@MainActor
@Suite struct RelationTests {
    @Test func theIdentitySearchFindsEveryMemberFromEveryHint() {
        for count in 0...6 {
            let list = (0..<count).map { _ in ViewController() }
            let stranger = ViewController()
            for hint in -1...(count + 1) {
                for (expected, member) in list.enumerated() {
                    #expect(index(of: member, in: list, near: hint) == expected, "count \(count), hint \(hint)")
                }
                #expect(index(of: stranger, in: list, near: hint) == nil)
            }
        }
    }

    @Test func stackMembersReportTheirPositionsAfterPushesPopsAndReplacement() {
        let navigation = NavigationController()
        let members = (0..<40).map { _ in ViewController() }
        navigation.setViewControllers(members, animated: false)
        #expect(members.map(\.relation) == members.indices.map { .navigationStack(index: $0, isTop: $0 == 39) })
        // Asked again after the list changed under the hints: the bottom half is dropped.
        navigation.setViewControllers(Array(members[20...]), animated: false)
        #expect(members[20...].map(\.relation) == (0..<20).map { .navigationStack(index: $0, isTop: $0 == 19) })
        #expect(members[0].relation == .detached)
        navigation.popViewController(animated: false)
        #expect(members[38].relation == .navigationStack(index: 18, isTop: true))
        let pushed = ViewController()
        navigation.pushViewController(pushed, animated: false)
        #expect(pushed.relation == .navigationStack(index: 19, isTop: true))
        #expect(members[38].relation == .navigationStack(index: 18, isTop: false))
    }

    @Test func childrenAndTabsReportTheirPositionsAfterInsertionsAndRemovals() {
        let parent = ViewController()
        let children = (0..<5).map { _ in ViewController() }
        for child in children {
            parent.addChild(child)
            child.didMove(toParent: parent)
        }
        #expect(children.map(\.relation) == (0..<5).map { .child(index: $0) })
        children[1].willMove(toParent: nil)
        children[1].removeFromParent()
        #expect([0, 2, 3, 4].map { children[$0].relation } == (0..<4).map { .child(index: $0) })

        let tabs = TabBarController()
        let tabMembers = (0..<4).map { _ in ViewController() }
        tabs.setViewControllers(tabMembers, animated: false)
        tabs.selectedIndex = 2
        #expect(tabMembers.map(\.relation) == (0..<4).map { .tab(index: $0, isSelected: $0 == 2) })
        tabs.setViewControllers(tabMembers.reversed(), animated: false)
        #expect(tabMembers.map(\.relation) == (0..<4).map { .tab(index: 3 - $0, isSelected: 3 - $0 == tabs.selectedIndex) })
    }
}
