import Foundation
import Testing
import WellnessDomain

@Suite("Drift network state machine")
struct DriftNetworkStateMachineTests {
    typealias Machine = NetworkStateMachine

    @Test("every state and event", arguments: [
        (Machine.State.online, Machine.Event.connected, Machine.State.online, [Machine.Effect]()),
        (.online, .disconnected, .offline, []),
        (.offline, .connected, .online, [.flushCheckinQueue]),
        (.offline, .disconnected, .offline, []),
    ])
    func transition(from: Machine.State, event: Machine.Event, to: Machine.State, effects: [Machine.Effect]) {
        var machine = Machine(state: from)
        #expect(machine.handle(event) == effects)
        #expect(machine.state == to)
        #expect(machine.isOnline == (to == .online))
    }

    @Test("the table above covers every pair")
    func complete() {
        #expect(Machine.State.allCases.count * Machine.Event.allCases.count == 4)
    }

    @Test("the app starts online; flapping flushes once per reconnection")
    func sequence() {
        var machine = Machine()
        #expect(machine.state == .online)
        let events: [Machine.Event] = [.connected, .disconnected, .disconnected, .connected, .connected, .disconnected,
                                       .connected]
        let effects = events.flatMap { machine.handle($0) }
        #expect(effects == [.flushCheckinQueue, .flushCheckinQueue])
        #expect(machine.state == .online)
    }
}

@Suite("Drift API failure resolution")
struct DriftFailureResolutionTests {
    static let queued = UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!
    static let failures: [ApiFailure] = [.unauthorized, .conflict, .rateLimited(retryAfter: nil), .offline, .other(status: 500),
                                         .other(status: nil)]
    static let requests: [ApiRequest] = [.submitCheckin(queuedID: queued), .submitCheckin(queuedID: nil),
                                         .read(.insights), .other]

    static let generic: [FailureEffect] = [.showMessage(.somethingWentWrong), .offerRetry]

    /// Every failure on every kind of call.
    static let table: [(ApiFailure, ApiRequest, [FailureEffect])] = [
        (.unauthorized, .submitCheckin(queuedID: queued), [.signOut(returnPath: "/checkin")]),
        (.unauthorized, .submitCheckin(queuedID: nil), [.signOut(returnPath: "/checkin")]),
        (.unauthorized, .read(.insights), [.signOut(returnPath: "/checkin")]),
        (.unauthorized, .other, [.signOut(returnPath: "/checkin")]),
        (.conflict, .submitCheckin(queuedID: queued), [.removeFromQueue(queued), .showMessage(.alreadyCheckedIn)]),
        (.conflict, .submitCheckin(queuedID: nil), [.showMessage(.alreadyCheckedIn)]),
        (.conflict, .read(.insights), generic),
        (.conflict, .other, generic),
        (.rateLimited(retryAfter: nil), .submitCheckin(queuedID: queued), [.keepQueued, .showMessage(.tooManyRequests)]),
        (.rateLimited(retryAfter: nil), .submitCheckin(queuedID: nil), [.showMessage(.tooManyRequests)]),
        (.rateLimited(retryAfter: nil), .read(.insights), [.showMessage(.tooManyRequests)]),
        (.rateLimited(retryAfter: nil), .other, [.showMessage(.tooManyRequests)]),
        (.offline, .submitCheckin(queuedID: queued), [.keepQueued, .showOfflineBanner]),
        (.offline, .submitCheckin(queuedID: nil), [.enqueueCheckin, .showOfflineBanner, .showMessage(.willSyncWhenOnline)]),
        (.offline, .read(.insights), [.useCachedData(.insights), .showOfflineBanner]),
        (.offline, .other, [.showOfflineBanner, .showMessage(.requiresConnection)]),
        (.other(status: 500), .submitCheckin(queuedID: queued), generic),
        (.other(status: 500), .submitCheckin(queuedID: nil), generic),
        (.other(status: 500), .read(.insights), generic),
        (.other(status: 500), .other, generic),
        (.other(status: nil), .submitCheckin(queuedID: queued), generic),
        (.other(status: nil), .submitCheckin(queuedID: nil), generic),
        (.other(status: nil), .read(.insights), generic),
        (.other(status: nil), .other, generic),
    ]

    @Test("every failure on every kind of call")
    func everyPair() {
        #expect(Self.table.count == Self.failures.count * Self.requests.count)
        for failure in Self.failures {
            for request in Self.requests {
                let rows = Self.table.filter { $0.0 == failure && $0.1 == request }
                #expect(rows.count == 1, "\(failure) on \(request)")
                guard let row = rows.first else { continue }
                #expect(FailureResolution.effects(of: failure, on: request, returnPath: "/checkin") == row.2,
                        "\(failure) on \(request)")
            }
        }
    }

    @Test("a 401 keeps the return path, or none")
    func returnPath() {
        #expect(FailureResolution.effects(of: .unauthorized, on: .read(.trends), returnPath: "/trends?days=30")
            == [.signOut(returnPath: "/trends?days=30")])
        #expect(FailureResolution.effects(of: .unauthorized, on: .other, returnPath: nil) == [.signOut(returnPath: nil)])
    }

    @Test("offline reads use the cache of their own data type", arguments: CacheDataType.allCases)
    func offlineRead(type: CacheDataType) {
        #expect(FailureResolution.effects(of: .offline, on: .read(type), returnPath: nil)
            == [.useCachedData(type), .showOfflineBanner])
    }

    @Test("HTTP statuses classify as the hierarchy does", arguments: [
        (200, nil), (204, nil), (304, nil), (399, nil), (400, ApiFailure.other(status: 400)), (401, .unauthorized),
        (403, .other(status: 403)), (404, .other(status: 404)), (409, .conflict), (422, .other(status: 422)),
        (429, .rateLimited(retryAfter: nil)), (500, .other(status: 500)), (503, .other(status: 503)),
    ] as [(Int, ApiFailure?)])
    func classify(status: Int, failure: ApiFailure?) {
        #expect(ApiFailure(status: status) == failure)
    }

    @Test("Retry-After: whole seconds, below 0 counted as 0 (issue 37), an HTTP date or nonsense as none")
    func retryAfter() {
        #expect(ApiFailure.retryAfterSeconds("30") == 30)
        #expect(ApiFailure.retryAfterSeconds(" 7 ") == 7)
        #expect(ApiFailure.retryAfterSeconds("-5") == 0)
        #expect(ApiFailure.retryAfterSeconds("Wed, 21 Oct 2026 07:28:00 GMT") == nil)
        #expect(ApiFailure.retryAfterSeconds(nil) == nil)
        #expect(ApiFailure(status: 429, retryAfter: "-5") == .rateLimited(retryAfter: 0))
    }

    @Test("messages in the design's words, with localisation keys")
    func messages() {
        #expect(DriftMessage.alreadyCheckedIn.text == "Already checked in")
        #expect(DriftMessage.tooManyRequests.text == "Too many requests, try again in a moment")
        #expect(DriftMessage.offline.text == "You're offline. Changes will sync when reconnected.")
        #expect(DriftMessage.willSyncWhenOnline.text == "Will sync when online")
        #expect(DriftMessage.requiresConnection.text == "Requires connection")
        #expect(DriftMessage.somethingWentWrong.text == "Something went wrong. Please try again.")
        #expect(DriftMessage.allCases.map(\.localized.key) == DriftMessage.allCases.map { "drift.message.\($0.rawValue)" })
    }
}

@Suite("Drift token lifecycle")
struct DriftTokenLifecycleTests {
    typealias Machine = TokenLifecycle
    typealias State = TokenLifecycle.State
    typealias Event = TokenLifecycle.Event

    static let events: [Event] = [
        .launch(hasStoredToken: true), .launch(hasStoredToken: false), .validationSucceeded, .validationRejected,
        .validationUnreachable, .networkRestored, .loginSucceeded(token: "tok"), .logout,
        .requestUnauthorized(returnPath: "/insights"),
    ]

    static let login: [Machine.Effect] = [.storeToken("tok"), .showHome]
    static let logout: [Machine.Effect] = [.endSession, .clearToken, .showWelcome]
    static let unauthorized: [Machine.Effect] = [.clearToken, .showLogin(returnPath: "/insights")]

    /// Every state and event: (state, event, next state, effects).
    static let table: [(State, Event, State, [Machine.Effect])] = [
        (.launching, .launch(hasStoredToken: true), .validating, [.validateToken]),
        (.launching, .launch(hasStoredToken: false), .signedOut, [.showWelcome]),
        (.launching, .validationSucceeded, .launching, []),
        (.launching, .validationRejected, .launching, []),
        (.launching, .validationUnreachable, .launching, []),
        (.launching, .networkRestored, .launching, []),
        (.launching, .loginSucceeded(token: "tok"), .authenticated, login),
        (.launching, .logout, .launching, []),
        (.launching, .requestUnauthorized(returnPath: "/insights"), .launching, []),

        (.validating, .launch(hasStoredToken: true), .validating, []),
        (.validating, .launch(hasStoredToken: false), .validating, []),
        (.validating, .validationSucceeded, .authenticated, [.showHome]),
        (.validating, .validationRejected, .signedOut, [.clearToken, .showLogin(returnPath: nil)]),
        (.validating, .validationUnreachable, .offlineAuthenticated, [.showHome]),
        (.validating, .networkRestored, .validating, []),
        (.validating, .loginSucceeded(token: "tok"), .authenticated, login),
        (.validating, .logout, .signedOut, logout),
        (.validating, .requestUnauthorized(returnPath: "/insights"), .signedOut, unauthorized),

        (.authenticated, .launch(hasStoredToken: true), .authenticated, []),
        (.authenticated, .launch(hasStoredToken: false), .authenticated, []),
        (.authenticated, .validationSucceeded, .authenticated, []),
        (.authenticated, .validationRejected, .authenticated, []),
        (.authenticated, .validationUnreachable, .authenticated, []),
        (.authenticated, .networkRestored, .authenticated, []),
        (.authenticated, .loginSucceeded(token: "tok"), .authenticated, login),
        (.authenticated, .logout, .signedOut, logout),
        (.authenticated, .requestUnauthorized(returnPath: "/insights"), .signedOut, unauthorized),

        (.offlineAuthenticated, .launch(hasStoredToken: true), .offlineAuthenticated, []),
        (.offlineAuthenticated, .launch(hasStoredToken: false), .offlineAuthenticated, []),
        (.offlineAuthenticated, .validationSucceeded, .authenticated, []),
        (.offlineAuthenticated, .validationRejected, .signedOut, [.clearToken, .showLogin(returnPath: nil)]),
        (.offlineAuthenticated, .validationUnreachable, .offlineAuthenticated, []),
        (.offlineAuthenticated, .networkRestored, .offlineAuthenticated, [.validateToken]),
        (.offlineAuthenticated, .loginSucceeded(token: "tok"), .authenticated, login),
        (.offlineAuthenticated, .logout, .signedOut, logout),
        (.offlineAuthenticated, .requestUnauthorized(returnPath: "/insights"), .signedOut, unauthorized),

        (.signedOut, .launch(hasStoredToken: true), .signedOut, []),
        (.signedOut, .launch(hasStoredToken: false), .signedOut, []),
        (.signedOut, .validationSucceeded, .signedOut, []),
        (.signedOut, .validationRejected, .signedOut, []),
        (.signedOut, .validationUnreachable, .signedOut, []),
        (.signedOut, .networkRestored, .signedOut, []),
        (.signedOut, .loginSucceeded(token: "tok"), .authenticated, login),
        (.signedOut, .logout, .signedOut, []),
        (.signedOut, .requestUnauthorized(returnPath: "/insights"), .signedOut, []),
    ]

    @Test("every state and event")
    func everyPair() {
        #expect(Self.table.count == State.allCases.count * Self.events.count)
        for state in State.allCases {
            for event in Self.events {
                let rows = Self.table.filter { $0.0 == state && $0.1 == event }
                #expect(rows.count == 1, "\(state) + \(event)")
                guard let row = rows.first else { continue }
                var machine = Machine(state: state)
                #expect(machine.handle(event) == row.3, "\(state) + \(event)")
                #expect(machine.state == row.2, "\(state) + \(event)")
                #expect(machine.isSignedIn == (row.2 == .authenticated || row.2 == .offlineAuthenticated))
            }
        }
    }

    @Test("a 401 passes its own return path on, or none")
    func returnPath() {
        var machine = Machine(state: .authenticated)
        #expect(machine.handle(.requestUnauthorized(returnPath: nil)) == [.clearToken, .showLogin(returnPath: nil)])
        machine = Machine(state: .offlineAuthenticated)
        #expect(machine.handle(.requestUnauthorized(returnPath: "/trends")) == [.clearToken, .showLogin(returnPath: "/trends")])
    }

    @Test("a day in the life: launch offline, back online, validated, expired, log in again, log out")
    func story() {
        var machine = Machine()
        #expect(machine.state == .launching)
        var effects: [Machine.Effect] = []
        for event: Event in [.launch(hasStoredToken: true), .validationUnreachable, .networkRestored, .validationSucceeded,
                             .requestUnauthorized(returnPath: "/trends"), .loginSucceeded(token: "new"), .logout] {
            effects += machine.handle(event)
        }
        #expect(effects == [.validateToken, .showHome, .validateToken, .clearToken, .showLogin(returnPath: "/trends"),
                            .storeToken("new"), .showHome, .endSession, .clearToken, .showWelcome])
        #expect(machine.state == .signedOut)
    }
}
