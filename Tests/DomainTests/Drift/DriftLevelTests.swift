import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

@Suite("Drift level and rounding")
struct DriftLevelTests {
    @Test("low < 2.5 ≤ moderate < 3.5 ≤ high", arguments: [
        (1.0, DriftLevel.low), (2.49, .low), (2.4999, .low), (2.5, .moderate), (3.0, .moderate), (3.49, .moderate),
        (3.4999, .moderate), (3.5, .high), (3.51, .high), (5.0, .high),
    ])
    func boundaries(average: Double, level: DriftLevel) {
        #expect(DriftLevel(averageDriftIndex: average) == level)
    }

    @Test("no average (no check-ins) is low")
    func noData() {
        #expect(DriftLevel(averageDriftIndex: nil) == .low)
    }

    @Test("raw values, keys and badge colours")
    func names() {
        #expect(DriftLevel.allCases.map(\.rawValue) == ["low", "moderate", "high"])
        #expect(DriftLevel.allCases.map(\.name.key) == ["drift.level.low", "drift.level.moderate", "drift.level.high"])
        #expect(DriftLevel.allCases.map(\.colorName) == ["sage", "amber", "rose"])
    }

    @Test("hundredths round half away from zero, exactly", arguments: [
        (2675, 1000, 268), (2665, 1000, 267), (1005, 1000, 101), (21, 8, 263), (19, 8, 238),
        (1, 3, 33), (2, 3, 67), (10, 3, 333), (11, 3, 367), (1, 6, 17), (12, 6, 200), (0, 5, 0),
        (-125, 1000, -13), (-2675, 1000, -268), (-1, 3, -33), (67, 24, 279), (63, 24, 263),
    ])
    func hundredths(numerator: Int, denominator: Int, expected: Int) {
        #expect(DriftRounding.hundredths(numerator, over: denominator) == expected)
    }

    @Test("two decimals avoid the binary trap of 1.005 and 0.285")
    func binaryTrap() {
        // As Doubles, 1.005 and 0.285 lie just below the half, so naive rounding goes down.
        #expect((1.005 * 100).rounded() / 100 == 1.0)
        #expect((0.285 * 100).rounded() / 100 == 0.28)
        #expect(DriftRounding.twoDecimals(285, over: 1000) == 0.29)
        #expect(DriftRounding.twoDecimals(2675, over: 1000) == 2.68)
        #expect(DriftRounding.twoDecimals(1005, over: 1000) == 1.01)
        #expect(DriftRounding.twoDecimals(21, over: 8) == 2.63)
        #expect(DriftRounding.twoDecimals(10, over: 3) == 3.33)
    }

    @Test("rounded values encode as two-decimal JSON numbers")
    func jsonDigits() throws {
        let values = [DriftRounding.twoDecimals(2675, over: 1000), DriftRounding.twoDecimals(10, over: 3),
                      DriftRounding.twoDecimals(7, over: 10), DriftRounding.twoDecimals(4, over: 1)]
        #expect(try DriftFixtures.json(values) == "[2.68,3.33,0.7,4]")
    }
}
