import ControllerKit
import Foundation
import Testing

/// `NSCoding` model classes, renamed, in the in-memory coder: stored by reference, alone and in
/// arrays and dictionaries, type-checked on the way out.
@Suite struct CoderObjectTests {
    final class Person: Coding {
        var name: String
        init(name: String) { self.name = name }
        func encode(with coder: Coder) { coder.encode(name, forKey: "name") }
        init?(coder: Coder) {
            guard let name = coder.decodeString(forKey: "name") else { return nil }
            self.name = name
        }
    }

    /// A subclass of Foundation's `NSObject`, as most `NSCoding` classes are.
    final class Tag: NSObject, Coding {
        let label: String
        init(label: String) { self.label = label }
        func encode(with coder: Coder) { coder.encode(label, forKey: "label") }
        init?(coder: Coder) {
            guard let label = coder.decodeString(forKey: "label") else { return nil }
            self.label = label
        }
    }

    class Vehicle: Coding {
        init() {}
        func encode(with coder: Coder) {}
        required init?(coder: Coder) {}
    }

    final class Bicycle: Vehicle {}

    @Test func anObjectStoredTwiceComesBackAsOneInstance() {
        let coder = Coder(codingPath: ["people"])
        let ada = Person(name: "Ada")
        coder.encode(ada, forKey: "author")
        coder.encode(ada, forKey: "editor")
        #expect(coder.values["author"] == coder.values["editor"])
        guard case .object? = coder.values["author"] else {
            Issue.record("not stored as a reference: \(String(describing: coder.values["author"]))")
            return
        }
        #expect(coder.decodeObject(forKey: "author") as? Person === ada)
        #expect(coder.decodeObject(of: Person.self, forKey: "editor") === ada)
        #expect(coder.errors.isEmpty)
    }

    /// A model class that also converts to a plain value, as an app may make one to store it in
    /// a typed call.
    final class Badge: Coding, CodedValueConvertible {
        let text: String
        init(text: String) { self.text = text }
        func encode(with coder: Coder) { coder.encode(text, forKey: "text") }
        init?(coder: Coder) {
            guard let text = coder.decodeString(forKey: "text") else { return nil }
            self.text = text
        }
        var codedValue: CodedValue { .string(text) }
        init?(codedValue: CodedValue) {
            guard case .string(let text) = codedValue else { return nil }
            self.text = text
        }
    }

    @Test func anObjectThatAlsoConvertsToAValueIsStillStoredByReferenceThroughAny() {
        let coder = Coder(codingPath: ["inbox"])
        let badge = Badge(text: "new")
        coder.encode(badge as Any?, forKey: "first")
        coder.encode(badge as Any?, forKey: "second")
        guard case .object? = coder.values["first"] else {
            Issue.record("stored by value: \(String(describing: coder.values["first"]))")
            return
        }
        #expect(coder.decodeObject(forKey: "first") as? Badge === badge)
        #expect(coder.decodeObject(forKey: "second") as? Badge === badge)
        #expect(coder.errors.isEmpty)
    }

    @Test func arraysAndDictionariesOfObjectsComeBack() {
        let coder = Coder(codingPath: ["team"])
        let ada = Person(name: "Ada"), alan = Person(name: "Alan")
        coder.encode([ada, alan, ada], forKey: "members")
        coder.encode(["lead": ada], forKey: "roles")
        coder.encode([Tag(label: "math")] as NSArray, forKey: "tags")
        let members = coder.decodeObject(forKey: "members") as? [Person]
        #expect(members?.map(\.name) == ["Ada", "Alan", "Ada"])
        #expect(members?[0] === members?[2])
        #expect(coder.decodeArrayOfObjects(ofClass: Person.self, forKey: "members")?.map(\.name) == ["Ada", "Alan", "Ada"])
        #expect((coder.decodeObject(forKey: "roles") as? [String: Person])?["lead"] === ada)
        #expect(coder.decodeArrayOfObjects(ofClass: Tag.self, forKey: "tags")?.map(\.label) == ["math"])
        #expect(coder.errors.isEmpty)
    }

    /// An `NSObject` subclass goes through the same `decodeObject(of:forKey:)` as Foundation's
    /// value classes (`NSString`, …), and still comes back by reference.
    @Test func anNSObjectCodingClassDecodesByReferenceBesideFoundationClasses() {
        let coder = Coder(codingPath: ["note"])
        let tag = Tag(label: "urgent")
        coder.encode(tag, forKey: "tag")
        #expect(coder.decodeObject(of: Tag.self, forKey: "tag") === tag)
        #expect(coder.decodeObject(of: [NSString.self, Tag.self], forKey: "tag") as? Tag === tag)
        #expect(coder.decodeObject(of: [NSArray.self, Tag.self], forKey: "missing") == nil)
        #expect(coder.errors.isEmpty)
    }

    @Test func aSubclassDecodesAsItsSuperclassButNotTheOtherWay() {
        let coder = Coder(codingPath: ["garage"])
        coder.encode(Bicycle(), forKey: "bike")
        coder.encode(Vehicle(), forKey: "vehicle")
        #expect(coder.decodeObject(of: Vehicle.self, forKey: "bike") is Bicycle)
        #expect(coder.decodeObject(of: [Vehicle.self], forKey: "bike") is Bicycle)
        #expect(coder.errors.isEmpty)
        #expect(coder.decodeObject(of: Bicycle.self, forKey: "vehicle") == nil)
        #expect(coder.errors.map(\.kind) == [.wrongObjectClass(expected: "Bicycle", found: "Vehicle")])
    }

    /// Asked for another class, or for an object where a value is, or for an array where the
    /// elements differ: `nil`, and an error naming the key and path.
    @Test func aWrongTypeIsAnErrorNamingKeyAndPath() {
        let coder = Coder(codingPath: ["team", "detail"])
        coder.encode(Person(name: "Ada"), forKey: "person")
        coder.encode("Ada", forKey: "name")
        coder.encode([Person(name: "Ada")] as [Any] + ["Alan"], forKey: "mixed")
        #expect(coder.decodeObject(of: Tag.self, forKey: "person") == nil)
        #expect(coder.decodeObject(of: Person.self, forKey: "name") == nil)
        #expect(coder.decodeArrayOfObjects(ofClass: Person.self, forKey: "mixed") == nil)
        #expect(coder.decodeArrayOfObjects(ofClass: Person.self, forKey: "person") == nil)
        #expect(coder.decodeObject(of: [NSString.self], forKey: "person") == nil)
        #expect(coder.errors.map(\.description) == [
            #"key "person" at /team/detail: expected an object of class Tag, found Person"#,
            #"key "name" at /team/detail: expected object Person, found string of 3 characters"#,
            #"key "mixed" at /team/detail: expected array of Person, found string of 4 characters at index 1"#,
            #"key "person" at /team/detail: expected array of Person, found object"#,
            #"key "person" at /team/detail: expected an object of class NSString, found Person"#,
        ])
    }

    /// A reference the coder does not hold (a damaged archive) decodes as `nil` with an error,
    /// in every form.
    @Test func aDanglingReferenceIsAnErrorInEveryForm() {
        let dangling = CodedValue.object(ObjectReference(id: 41))
        let coder = Coder(values: ["one": dangling, "many": .array([dangling])], codingPath: ["x"])
        #expect(coder.decodeObject(forKey: "one") == nil)
        #expect(coder.decodeObject(forKey: "many") == nil)
        #expect(coder.decodeObject(of: Person.self, forKey: "one") == nil)
        #expect(coder.decodeObject(of: Tag.self, forKey: "one") == nil)
        #expect(coder.decodeArrayOfObjects(ofClass: Person.self, forKey: "many") == nil)
        #expect(coder.decodeObject(of: NSArray.self, forKey: "many") == nil)
        #expect(coder.errors.count == 6)
        #expect(Set(coder.errors.map(\.kind)) == [.unknownObject(ObjectReference(id: 41))])
        #expect(Set(coder.errors.map(\.key)) == ["one", "many"])
    }

    /// `StateRestoring` objects share the reference API: an array of them, from the untyped call.
    @MainActor
    @Test func stateRestoringObjectsGoInArraysToo() {
        final class Draft: StateRestoring {}
        let coder = Coder(codingPath: ["compose"])
        let drafts = [Draft(), Draft()]
        coder.encode(drafts, forKey: "drafts")
        let controller = ViewController()
        coder.encode([controller] as Any, forKey: "controllers")
        #expect(coder.decodeArrayOfObjects(ofClass: Draft.self, forKey: "drafts")?.elementsEqual(drafts, by: ===) == true)
        #expect((coder.decodeObject(forKey: "controllers") as? [ViewController])?.first === controller)
        #expect(coder.errors.isEmpty)
    }
}
