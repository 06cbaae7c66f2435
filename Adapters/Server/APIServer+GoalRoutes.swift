import Foundation
import Hummingbird
import WellnessApplication
import WellnessDomain
import WellnessWire

/// Goals (the seed's `/api/v1` envelopes): adding one, listing them, and fresh tips for one.
extension APIServer {
    func addGoalRoutes(to api: RouterGroup<APIRequestContext>) {
        api.on(Wire.Route.addGoal) { request, context in
            let body = try await JSONObject.read(request, limit: configuration.maxBodyBytes, as: Wire.GoalBody.init(fields:))
            var id: Goal.ID?
            if let text = body.id {
                guard let uuid = UUID(uuidString: text) else { throw APIError.validation("\"id\" must be a UUID") }
                id = Goal.ID(uuid)
            }
            let workspace = try await workspace(try context.requireAccount())
            do {
                let addGoal = workspace.addGoal
                let (title, description, goalID) = (body.title, body.description, id ?? Goal.ID())
                let write: @Sendable () async throws -> Goal = {
                    try await addGoal.execute(title: title, description: description, id: goalID)
                }
                // Devices that sync receive the new goal.
                let goal = if let sync = workspace.sync { try await sync.writing(write) } else { try await write() }
                return try Self.json(Wire.Envelope(Wire.GoalData(goal: Wire.GoalBody(goal))), status: .created)
            } catch GoalError.idTaken {
                throw APIError(.conflict, .goalExists, "a goal with this id exists")
            } catch GoalError.controlCharacter(let error) {
                // The message names the field (title or description).
                throw APIError.validation("\"\(error.field.rawValue)\": \(describe(error))")
            } catch let error as GoalError {
                throw APIError.validation("\"title\": \(describe(error))")
            }
        }

        api.on(Wire.Route.listGoals) { _, context in
            let goals = try await workspace(try context.requireAccount()).listGoals.execute()
            return try Self.json(Wire.Envelope(Wire.GoalsData(goals: goals.map(Wire.GoalBody.init))))
        }

        api.on(Wire.Route.goalTips) { request, context in
            guard let text = context.parameters.get("goalId"), let uuid = UUID(uuidString: text) else {
                throw APIError.goalNotFound
            }
            let buffer = try await JSONObject.read(request, limit: configuration.maxBodyBytes)
            let tipsRequest: Wire.TipsRequest
            do {
                tipsRequest = try Wire.decoder.decode(Wire.TipsRequest.self, from: buffer.data)
            } catch {
                throw APIError.validation(decodingMessage(error))
            }
            try JSONObject.refuseNUL(in: tipsRequest)
            if let language = tipsRequest.language, !Self.isLanguageCode(language) {
                throw APIError.validation("\"language\": expected a language code such as \"en\" or \"nl\"")
            }
            let supplied: UserContext?
            do {
                supplied = try tipsRequest.userContext(now: time.now())
            } catch {
                throw APIError.validation("\"context\": \(describe(error))")
            }
            do {
                let answer = try await workspace(try context.requireAccount()).goalTips.fresh(Goal.ID(uuid), context: supplied,
                                                                                      language: tipsRequest.language)
                return try Self.json(Wire.Envelope(Wire.TipsData(goal: answer.goal, answer: answer.answer)))
            } catch GoalTipsError.goalNotFound {
                throw APIError.goalNotFound
            } catch GoalTipsError.serviceFailed(let error) {
                throw APIError(.serviceUnavailable, .tipsUnavailable, describe(error))
            }
        }
    }

    /// A language code such as `en`, `nl` or `pt-BR`: two or three lower-case letters, then
    /// optionally `-` and a two-letter region.
    static func isLanguageCode(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count),
              parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return parts.count == 1 || (parts[1].count == 2 && parts[1].allSatisfy { $0.isASCII && $0.isLetter })
    }

    /// A decoding error as "field: what is wrong".
    func decodingMessage(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: return "\"\(path(context.codingPath + [key]))\" is required"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "\"\(path(context.codingPath))\" has the wrong type"
        case .dataCorrupted(let context)?: return "\"\(path(context.codingPath))\": \(context.debugDescription)"
        default: return describe(error)
        }
    }
}
