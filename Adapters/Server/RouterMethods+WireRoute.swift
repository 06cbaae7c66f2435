import HTTPTypes
import Hummingbird
import WellnessWire

extension RouterMethods {
    /// Answers `route` (its method on its path template) with `handler`: the server serves the
    /// paths of ``Wire/Route``'s table, the ones the client asks for.
    @discardableResult
    func on(_ route: Wire.Route, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator)
        -> Self {
        on(RouterPath(route.template), method: route.method.http, use: handler)
    }
}

extension Wire.Route.Method {
    /// The same method as HTTPTypes spells it.
    var http: HTTPRequest.Method {
        switch self {
        case .GET: .get
        case .POST: .post
        case .PUT: .put
        case .DELETE: .delete
        }
    }
}
