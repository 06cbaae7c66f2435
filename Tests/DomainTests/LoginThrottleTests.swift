import Foundation
import Testing
import WellnessDomain

@Suite("LoginThrottle")
struct LoginThrottleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("the wait is none before the free failures, then 1 s doubling per failure up to the longest")
    func delays() {
        let throttle = LoginThrottle(policy: .init(firstDelay: 1, longestDelay: 60))
        #expect((0...4).map { throttle.delay(afterFailures: $0, free: 5) } == [0, 0, 0, 0, 0])
        #expect((5...12).map { throttle.delay(afterFailures: $0, free: 5) } == [1, 2, 4, 8, 16, 32, 60, 60])
        #expect(throttle.delay(afterFailures: 10_000, free: 5) == 60, "a huge count does not overflow")
        #expect(throttle.delay(afterFailures: 0, free: 0) == 0)
        #expect(throttle.delay(afterFailures: 1, free: 0) == 1)
    }

    @Test("a pair's wait counts down from its last failure, in whole seconds rounded up")
    func waitCountsDown() {
        var throttle = LoginThrottle(policy: .init(freeFailuresPerPair: 2))
        for _ in 1...3 { throttle.failed(email: "ann", address: "a", at: start) }
        #expect(throttle.wait(email: "ann", address: "a", at: start) == 2)
        #expect(throttle.wait(email: "ann", address: "a", at: start.addingTimeInterval(0.5)) == 2)
        #expect(throttle.wait(email: "ann", address: "a", at: start.addingTimeInterval(1.2)) == 1)
        #expect(throttle.wait(email: "ann", address: "a", at: start.addingTimeInterval(2)) == nil)
        #expect(throttle.wait(email: "bob", address: "a", at: start) == nil, "another email from the address")
        #expect(throttle.wait(email: "ann", address: "b", at: start) == nil, "the email from another address")
    }

    @Test("failures are forgotten after the memory, and a success forgets the pair's")
    func forgetting() {
        var throttle = LoginThrottle(policy: .init(freeFailuresPerPair: 1, memory: 600))
        throttle.failed(email: "ann", address: "a", at: start)
        #expect(throttle.wait(email: "ann", address: "a", at: start) == 1)
        throttle.failed(email: "ann", address: "a", at: start.addingTimeInterval(600))
        #expect(throttle.wait(email: "ann", address: "a", at: start.addingTimeInterval(600)) == 1,
                "the earlier failure was forgotten: one failure again")
        throttle.succeeded(email: "ann", address: "a", at: start.addingTimeInterval(601))
        #expect(throttle.wait(email: "ann", address: "a", at: start.addingTimeInterval(601)) == nil)
    }

    @Test("the email's and the address's waits apply to strangers only; a known client keeps its own pair's")
    func knownClients() {
        var throttle = LoginThrottle(policy: .init(freeFailuresPerPair: 3, freeFailuresPerAddress: 4, freeFailuresPerEmail: 2))
        throttle.succeeded(email: "ann", address: "home", at: start)
        throttle.failed(email: "ann", address: "x", at: start)
        throttle.failed(email: "ann", address: "y", at: start)
        #expect(throttle.wait(email: "ann", address: "z", at: start) == 1, "the email's wait, for a new address")
        #expect(throttle.wait(email: "ann", address: "home", at: start) == nil, "not for the known client")

        for number in 1...4 { throttle.failed(email: "other\(number)", address: "home", at: start) }
        #expect(throttle.wait(email: "someone", address: "home", at: start) == 1, "the address's wait, for other emails")
        #expect(throttle.wait(email: "ann", address: "home", at: start) == nil, "not for the email it is known to")

        for _ in 1...3 { throttle.failed(email: "ann", address: "home", at: start) }
        #expect(throttle.wait(email: "ann", address: "home", at: start) == 1, "its own typos still back off")
    }

    @Test("a known client's failures do not count towards the email's wait for strangers")
    func knownFailuresDoNotLockStrangers() {
        var throttle = LoginThrottle(policy: .init(freeFailuresPerEmail: 2))
        throttle.succeeded(email: "ann", address: "home", at: start)
        for _ in 1...4 { throttle.failed(email: "ann", address: "home", at: start) }
        #expect(throttle.wait(email: "ann", address: "phone", at: start) == nil)
    }

    @Test("a client is known for the policy's time after its last login")
    func knownExpires() {
        var throttle = LoginThrottle(policy: .init(freeFailuresPerEmail: 1, knownFor: 3600))
        throttle.succeeded(email: "ann", address: "home", at: start)
        let later = start.addingTimeInterval(3600)
        throttle.failed(email: "ann", address: "x", at: later)
        #expect(throttle.wait(email: "ann", address: "home", at: later) == 1)
    }
}
