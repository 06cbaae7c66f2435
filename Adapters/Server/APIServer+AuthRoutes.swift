import Hummingbird
import WellnessApplication
import WellnessDomain
import WellnessWire

/// Sessions: logging in (the one route of the API without a token), reading the session and
/// logging out.
extension APIServer {
    func addAuthRoutes(to router: Router<APIRequestContext>, authenticated api: RouterGroup<APIRequestContext>) {
        router.on(Wire.Route.logIn) { request, context in
            let login = try await JSONObject.read(request, limit: configuration.maxBodyBytes, as: Wire.LoginRequest.init(fields:))
            do {
                let grant = try await sessions.start.execute(email: login.email, password: login.password,
                                                             client: client(of: request, context)).grant
                return try Self.json(Wire.LoginResponse(accessToken: grant.accessToken, expiresAt: grant.expiresAt))
            } catch AccountError.invalidCredentials {
                throw APIError.invalidCredentials
            } catch AccountError.tooManyAttempts(let wait) {
                throw APIError.rateLimited(retryAfter: wait)
            } catch AccountError.passwordControlCharacter {
                throw APIError.passwordControlCharacter
            }
        }

        api.on(Wire.Route.session) { _, context in
            let account = try context.requireAccount()
            let session = try await sessions.authenticate.execute(context.token ?? "").session
            let tier = try await workspace(account).tier.execute()
            return try Self.json(Wire.SessionResponse(info: SessionInfo(
                accountID: account.id.description, email: account.email.rawValue, tier: tier, expiresAt: session.expiresAt)))
        }

        api.on(Wire.Route.logOut) { _, context in
            try await sessions.end.execute(context.token ?? "")
            return Response(status: .noContent)
        }
    }
}
