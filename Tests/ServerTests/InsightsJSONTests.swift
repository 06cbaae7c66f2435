import Foundation
import Testing
import WellnessDomain
import WellnessWire

/// The insights answer is written by hand (``Wire/InsightsResponse/json()``) for speed; it must
/// be byte for byte what `Wire.encoder` writes, whatever the values.
@Suite("Insights JSON written directly")
struct InsightsJSONTests {
    static func insights(averages: WeeklyInsights.Averages, level: DriftLevel?, highlights: [Highlight],
                         suggestions: [Suggestion], locked: Bool, days: Int = 7) -> WeeklyInsights {
        let end = LocalDay(year: 2026, month: 11, day: 21)!
        return WeeklyInsights(weekStart: end.adding(days: 1 - days), weekEnd: end, days: days,
                              summary: .init(checkinCount: 5, alertCount: 2, averages: averages, driftLevel: level,
                                             hasEnoughData: days == 7),
                              highlights: highlights, suggestions: suggestions,
                              locked: locked ? .init(feature: .weeklyDetail) : nil)
    }

    static func expectSameBytes(_ answer: Wire.InsightsResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = String(decoding: try Wire.encoder.encode(answer), as: UTF8.self)
        #expect(String(decoding: try answer.json(), as: UTF8.self) == expected, sourceLocation: sourceLocation)
    }

    static let instant = Date(timeIntervalSince1970: 1_795_253_400.125)

    @Test("every shape of the answer: averages or none, a level or none, locked or not, lists empty or not")
    func shapes() throws {
        let averages = WeeklyInsights.Averages(energy: 3, stress: 2.5, social: 4.25, driftIndex: 2.33)
        for (averages, level) in [(averages, DriftLevel.low), (.none, nil), (averages, .high)] {
            for locked in [false, true] {
                for days in [7, 14] {
                    let answer = Wire.InsightsResponse(
                        insights: Self.insights(averages: averages, level: level,
                                                highlights: locked ? [] : [.trend(.energy, .up), .trend(.stress, .stable)],
                                                suggestions: locked ? [] : [.easeStress, .reconnect(contact: nil)],
                                                locked: locked, days: days),
                        requestId: "5f35ddaf4c2ad5c831826133bfd30233", timestamp: Self.instant)
                    try Self.expectSameBytes(answer)
                }
            }
        }
    }

    @Test("text that needs escaping or is not ASCII is written as the encoder writes it", arguments: [
        "Ann/Bob", "say \"hi\"", "back\\slash", "tab\there", "line\nbreak", "\u{0}\u{1F}\u{7F}", "é and ü",
        "😀 emoji", "\u{2028}\u{2029}", "", "plain",
    ])
    func escaping(text: String) throws {
        let answer = Wire.InsightsResponse(
            insights: Self.insights(averages: .none, level: nil, highlights: [.other(text)],
                                    suggestions: [.reconnect(contact: text), .other(text)], locked: false),
            requestId: text, timestamp: Self.instant)
        try Self.expectSameBytes(answer)
    }

    @Test("numbers: whole, fractional, tiny, huge, negative zero and 10,000 random ones")
    func numbers() throws {
        var generator = SplitMix64(seed: 0x5EED)
        var values: [Double] = [0, -0.0, 1, 5, 2.33, 0.1, 1e-7, 1.5e-300, 1e16, 1e21, 123_456_789.125, -3.75,
                                .leastNonzeroMagnitude, .greatestFiniteMagnitude, Double(Int64.max)]
        for _ in 0..<10_000 {
            values.append(Bool.random(using: &generator) ? Double.random(in: 0...5, using: &generator)
                          : Double(bitPattern: generator.next()))
        }
        for chunk in stride(from: 0, to: values.count, by: 4) {
            let four = (0..<4).map { values[(chunk + $0) % values.count] }.map { $0.isFinite ? $0 : 1 }
            let answer = Wire.InsightsResponse(
                insights: Self.insights(averages: .init(energy: four[0], stress: four[1], social: four[2],
                                                        driftIndex: four[3]),
                                        level: .moderate, highlights: [], suggestions: [], locked: true),
                requestId: "r", timestamp: Self.instant)
            try Self.expectSameBytes(answer)
        }
    }

    @Test("a number that is not finite fails on both paths")
    func notFinite() {
        let answer = Wire.InsightsResponse(
            insights: Self.insights(averages: .init(energy: .nan, stress: 1, social: 1, driftIndex: .infinity),
                                    level: .low, highlights: [], suggestions: [], locked: false),
            requestId: "r", timestamp: Self.instant)
        #expect(throws: (any Error).self) { try Wire.encoder.encode(answer) }
        #expect(throws: (any Error).self) { try answer.json() }
    }

    @Test("instants at the ends of the years and with or without milliseconds", arguments: [
        Timestamp.range.lowerBound, Timestamp.range.upperBound, Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 1_795_253_400), Date(timeIntervalSince1970: 1_795_253_400.999),
    ])
    func instants(instant: Date) throws {
        let answer = Wire.InsightsResponse(
            insights: Self.insights(averages: .none, level: nil, highlights: [], suggestions: [], locked: false),
            requestId: "r", timestamp: instant)
        try Self.expectSameBytes(answer)
    }
}
