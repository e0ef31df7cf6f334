import Foundation
import Testing
import Waymark

/// Every kind of disagreement between a route enum and its templates is an error when the table is
/// built, naming the case and the template.
@Suite struct RouteMapCheckTests {
    func buildError<R: URLRoute>(_ type: R.Type) -> String? {
        do {
            _ = try TypedRouteTable<R>(schemes: ["shop"])
            return nil
        } catch {
            #expect(error.code == .invalidRouteMap || error.code == .invalidTemplate)
            return error.message
        }
    }

    enum ExtraParameter: URLRoute {
        case item(id: Int)
        static let routeMap: RouteMap<Self> = ["item": "item/:id<int>/:color"]
    }

    @Test func aTemplateParameterWithoutAnAssociatedValue() {
        #expect(
            buildError(ExtraParameter.self)
                == "ExtraParameter.item: the template 'item/:id<int>/:color' has the parameter 'color', but the case has no associated value labelled 'color'"
        )
    }

    enum MissingParameter: URLRoute {
        case item(id: Int, color: String)
        static let routeMap: RouteMap<Self> = ["item": "item/:id<int>"]
    }

    @Test func anAssociatedValueInNeitherPathNorQuery() {
        #expect(
            buildError(MissingParameter.self)
                == "MissingParameter.item: the associated value 'color' is in neither the path nor the query of 'item/:id<int>'; add ':color' to the path or '?color' to the query"
        )
    }

    enum UntypedInteger: URLRoute {
        case item(id: Int)
        static let routeMap: RouteMap<Self> = ["item": "item/:id"]
    }

    @Test func anIntegerInAnUntypedParameter() {
        #expect(
            buildError(UntypedInteger.self)
                == "UntypedInteger.item: 'id' has the type Int, but the template 'item/:id' leaves ':id' untyped; write ':id<int>'"
        )
    }

    enum WrongType: URLRoute {
        case item(id: Int)
        static let routeMap: RouteMap<Self> = ["item": "item/:id<uuid>"]
    }

    @Test func aTypeTheTemplateCannotCarry() {
        #expect(
            buildError(WrongType.self)
                == "WrongType.item: 'id' has the type Int, but the template 'item/:id<uuid>' types it '<uuid>'; write ':id<int>'"
        )
    }

    enum OptionalInRequiredSegment: URLRoute {
        case item(slug: String?)
        static let routeMap: RouteMap<Self> = ["item": "item/:slug"]
    }

    @Test func anOptionalValueInARequiredSegment() {
        #expect(
            buildError(OptionalInRequiredSegment.self)
                == "OptionalInRequiredSegment.item: 'slug' is optional, but ':slug' is required in 'item/:slug'; put it in an optional group '( … )' or make the value non-optional"
        )
    }

    enum RequiredInOptionalGroup: URLRoute {
        case item(id: Int, tab: String)
        static let routeMap: RouteMap<Self> = ["item": "item/:id<int>(/:tab)"]
    }

    @Test func aRequiredValueInAnOptionalGroup() {
        #expect(
            buildError(RequiredInOptionalGroup.self)
                == "RequiredInOptionalGroup.item: ':tab' is in an optional group of 'item/:id<int>(/:tab)', so 'tab' must be Optional"
        )
    }

    enum MisspelledCase: URLRoute {
        case item
        static let routeMap: RouteMap<Self> = ["itme": "item"]
    }

    @Test func aCaseNameTheEnumDoesNotHave() {
        let message = buildError(MisspelledCase.self)
        #expect(message?.hasPrefix("MisspelledCase.itme: MisspelledCase has no case 'itme'") == true)
    }

    enum QueryWithoutValue: URLRoute {
        case search(q: String)
        static let routeMap: RouteMap<Self> = ["search": "search?q&page"]
    }

    @Test func aQueryNameWithoutAnAssociatedValue() {
        #expect(
            buildError(QueryWithoutValue.self)
                == "QueryWithoutValue.search: the mapping 'search?q&page' lists the query value 'page', but the case has no associated value labelled 'page'"
        )
    }

    enum Unlabelled: URLRoute {
        case item(Int)
        static let routeMap: RouteMap<Self> = ["item": "item?id"]
    }

    @Test func anUnlabelledValue() {
        #expect(
            buildError(Unlabelled.self)
                == "Unlabelled.item: an associated value has no label; label it (for example 'id: Int') so the template can name it"
        )
    }

    enum ListInSegment: URLRoute {
        case item(ids: [Int])
        static let routeMap: RouteMap<Self> = ["item": "item/:ids"]
    }

    @Test func aListInOneSegment() {
        #expect(
            buildError(ListInSegment.self)
                == "ListInSegment.item: 'ids' has the type [Int], which one path segment cannot carry; put it in the query ('?ids')"
        )
    }

    enum Shade: String, Codable, Sendable { case light, dark }

    enum UncheckableEnum: URLRoute {
        case theme(shade: Shade)
        static let routeMap: RouteMap<Self> = ["theme": "theme/:shade"]
    }

    @Test func anEnumThatIsNotCaseIterable() {
        #expect(
            buildError(UncheckableEnum.self)
                == "UncheckableEnum.theme: 'shade' has the type Shade, which cannot be checked; make Shade CaseIterable (for an enum) or a ParameterScalar"
        )
    }

    enum TwiceMapped: URLRoute {
        case item
        static let routeMap: RouteMap<Self> = ["item": "item", "item": "thing"]
    }

    @Test func aCaseMappedTwice() {
        #expect(
            buildError(TwiceMapped.self)
                == #"TwiceMapped.item: the routeMap of TwiceMapped maps the case 'item' twice; for several templates, write "item": ["first", "other"] (the first prints links)"#
        )
    }

    enum BadTemplate: URLRoute {
        case item(id: Int)
        static let routeMap: RouteMap<Self> = ["item": "item/:id<int"]
    }

    @Test func aTemplateThatDoesNotParse() {
        let message = buildError(BadTemplate.self)
        #expect(message?.hasPrefix("BadTemplate.item: \"item/:id<int\" column") == true, "\(message ?? "nil")")
    }

    enum Inner: URLRoute {
        case item(id: Int)
        static let routeMap: RouteMap<Self> = ["item": "item/:id<int>"]
    }

    enum CollidingNames: URLRoute {
        case user(id: Int, Inner)
        static let routeMap: RouteMap<Self> = ["user": "user/:id<int>"]
    }

    @Test func aNestedRouteReusingAParentName() {
        #expect(
            buildError(CollidingNames.self)
                == "CollidingNames.user.item: 'id' is also a value of an enclosing route; rename one of them")
    }
}
