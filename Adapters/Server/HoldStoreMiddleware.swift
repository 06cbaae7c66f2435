import Hummingbird
import WellnessDomain

/// Holds the authenticated account's store open for the rest of the request (see
/// ``ServerOperations/holdStore``), so a host that bounds its open stores never closes one a
/// request is using.
struct HoldStoreMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let hold: @Sendable (Account.ID) async -> @Sendable () async -> Void

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        guard let account = context.account else { return try await next(request, context) }
        let release = await hold(account.id)
        do {
            let response = try await next(request, context)
            await release()
            return response
        } catch {
            await release()
            throw error
        }
    }
}
