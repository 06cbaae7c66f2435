import Foundation
import Testing
import WellnessApplication
import WellnessDomain
import WellnessInMemory
import WellnessTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Adding, listing and removing weigh-ins; the trend; the chart.
@Suite("Weight use cases")
struct WeightUseCasesTests {
    let world = WeightWorld()

    // MARK: - AddWeight

    @Test("AddWeight stores a weigh-in now, or at the time given, with a trimmed note")
    func add() async throws {
        let now = try await world.addWeight.execute(kilograms: 70.5, note: "  after breakfast \n")
        #expect(now.date == world.now)
        #expect(now.kilograms == 70.5)
        #expect(now.note == "after breakfast")
        #expect(now.source == .manual)
        let earlier = try await world.addWeight.execute(kilograms: 71, at: Fixtures.instant("2024-06-14T07:00:00.250Z"),
                                                        note: "   ")
        #expect(earlier.note == nil, "a blank note is no note")
        #expect(earlier.date == Fixtures.instant("2024-06-14T07:00:00.250Z"))
        #expect(try await world.stored() == [earlier, now])
    }

    @Test("AddWeight allows several weigh-ins a day, and in one minute with different weights")
    func addSeveral() async throws {
        let base = Fixtures.instant("2024-06-15T07:00:00Z")
        _ = try await world.addWeight.execute(kilograms: 70.5, at: base)
        _ = try await world.addWeight.execute(kilograms: 70.52, at: base.addingTimeInterval(30))
        _ = try await world.addWeight.execute(kilograms: 70.5, at: base.addingTimeInterval(60))
        _ = try await world.addWeight.execute(kilograms: 70.5, at: base.addingTimeInterval(-12 * 3600))
        #expect(try await world.stored().count == 4)
    }

    @Test("AddWeight refuses a duplicate: the same minute and weight to 0.01 kg")
    func addDuplicate() async throws {
        let first = try await world.addWeight.execute(kilograms: 70.5, at: Fixtures.instant("2024-06-15T07:00:05Z"))
        for (seconds, kilograms) in [(5.0, 70.5), (59.999, 70.5), (30, 70.504), (0, 70.496)] {
            await #expect(throws: WeightError.duplicate(existing: nil)) {
                try await world.addWeight.execute(kilograms: kilograms,
                                                  at: Fixtures.instant("2024-06-15T07:00:00Z").addingTimeInterval(seconds))
            }
        }
        #expect(try await world.stored() == [first])
    }

    @Test("AddWeight refuses weights out of range and saves nothing", arguments: [
        0.0, -1.0, 700.01, 1000.0, Double.nan, Double.infinity, -Double.infinity,
    ])
    func addOutOfRange(kilograms: Double) async throws {
        let error = await #expect(throws: WeightError.self) { try await world.addWeight.execute(kilograms: kilograms) }
        guard case .outOfRange(let problem)? = error else {
            Issue.record("expected outOfRange, got \(String(describing: error))")
            return
        }
        #expect(problem == WeightEntry.problem(kilograms: kilograms))
        #expect(try await world.stored().isEmpty)
    }

    @Test("AddWeight accepts the bounds: a tiny weight and 700 kg")
    func addBounds() async throws {
        _ = try await world.addWeight.execute(kilograms: 0.001)
        world.clock.set(world.now.addingTimeInterval(60))
        _ = try await world.addWeight.execute(kilograms: 700)
        #expect(try await world.stored().map(\.kilograms) == [0.001, 700])
    }

    // MARK: - ListWeights

    @Test("ListWeights lists every weigh-in oldest first unless days are given")
    func listAll() async throws {
        try await world.store([
            WeightWorld.entry("2024-06-20T07:00:00Z", 69, note: "future"),
            WeightWorld.entry("2020-01-01T07:00:00Z", 80),
            WeightWorld.entry("2024-06-15T07:00:00Z", 70),
        ])
        #expect(try await world.listWeights.execute().map(\.kilograms) == [80, 70, 69])
    }

    @Test("ListWeights --days N: from the local start of the day N − 1 days ago", arguments: [
        // now: 2024-06-15T10:00:00+02:00 in Amsterdam.
        (1, ["2024-06-15T00:00:00+02:00", "2024-06-15T09:59:00+02:00"]),
        (2, ["2024-06-14T00:00:00+02:00", "2024-06-14T23:59:59+02:00", "2024-06-15T00:00:00+02:00",
             "2024-06-15T09:59:00+02:00"]),
        (7, ["2024-06-09T00:00:00+02:00", "2024-06-13T23:59:59.999+02:00", "2024-06-14T00:00:00+02:00",
             "2024-06-14T23:59:59+02:00", "2024-06-15T00:00:00+02:00", "2024-06-15T09:59:00+02:00"]),
    ])
    func listDays(days: Int, expected: [String]) async throws {
        try await world.store([
            WeightWorld.entry("2024-06-08T23:59:59.999+02:00", 71),
            WeightWorld.entry("2024-06-09T00:00:00+02:00", 70.9),
            WeightWorld.entry("2024-06-13T23:59:59.999+02:00", 70.8),
            WeightWorld.entry("2024-06-14T00:00:00+02:00", 70.7),
            WeightWorld.entry("2024-06-14T23:59:59+02:00", 70.6),
            WeightWorld.entry("2024-06-15T00:00:00+02:00", 70.5),
            WeightWorld.entry("2024-06-15T09:59:00+02:00", 70.4),
        ])
        let listed = try await world.listWeights.execute(days: days)
        #expect(listed.map(\.date) == expected.map(Fixtures.instant))
    }

    @Test("ListWeights counts local days across a DST change")
    func listDaysAcrossDST() async throws {
        let spring = WeightWorld(now: "2024-03-31T12:00:00+02:00")
        try await spring.store([
            WeightWorld.entry("2024-03-29T22:59:59Z", 71),   // 29 March 23:59:59 CET
            WeightWorld.entry("2024-03-29T23:00:00Z", 70.9), // 30 March 00:00 CET
            WeightWorld.entry("2024-03-30T22:30:00Z", 70.8), // 30 March 23:30 CET
            WeightWorld.entry("2024-03-30T23:00:00Z", 70.7), // 31 March 00:00 CET
        ])
        #expect(try await spring.listWeights.execute(days: 2).map(\.kilograms) == [70.9, 70.8, 70.7])
        #expect(try await spring.listWeights.execute(days: 1).map(\.kilograms) == [70.7])
        let newYork = WeightWorld(now: "2024-11-03T12:00:00-05:00", zone: "America/New_York")
        try await newYork.store([
            WeightWorld.entry("2024-11-02T03:59:59Z", 71),   // 1 Nov 23:59:59 EDT
            WeightWorld.entry("2024-11-02T04:00:00Z", 70.9), // 2 Nov 00:00 EDT
        ])
        #expect(try await newYork.listWeights.execute(days: 2).map(\.kilograms) == [70.9])
    }

    // MARK: - RemoveWeight

    static let idA = "abcd1111-0000-7000-8000-000000000001"
    static let idB = "abcd2222-0000-7000-8000-000000000002"
    static let idC = "12345678-0000-7000-8000-000000000003"

    func storeThree() async throws -> [WeightEntry] {
        let entries = [
            WeightWorld.entry("2024-06-10T07:00:00Z", 70, id: Self.idA),
            WeightWorld.entry("2024-06-11T07:00:00Z", 71, id: Self.idB),
            WeightWorld.entry("2024-06-12T07:00:00Z", 72, id: Self.idC),
        ]
        try await world.store(entries)
        return entries
    }

    @Test("RemoveWeight by full id, in any case and with spaces, or by a unique prefix of 4+ characters", arguments: [
        (WeightUseCasesTests.idC, WeightUseCasesTests.idC), (WeightUseCasesTests.idC.uppercased(), WeightUseCasesTests.idC),
        ("  \(WeightUseCasesTests.idC)\n", WeightUseCasesTests.idC), ("1234", WeightUseCasesTests.idC),
        ("12345678-00", WeightUseCasesTests.idC), ("abcd1", WeightUseCasesTests.idA), ("ABCD2", WeightUseCasesTests.idB),
        ("abcd1111-0000-7000-8000-000000000001", WeightUseCasesTests.idA),
    ])
    func remove(reference: String, removed: String) async throws {
        let entries = try await storeThree()
        let entry = try await world.removeWeight.execute(reference)
        #expect(entry.id.description == removed)
        #expect(try await world.stored() == entries.filter { $0.id.description != removed })
    }

    @Test("RemoveWeight refuses a prefix shorter than 4 characters as no id's start, even when it is unique",
          arguments: ["1", "12", "123", "", "   "])
    func removeShortPrefix(reference: String) async throws {
        let entries = try await storeThree()
        await #expect(throws: InvalidValue(kind: .idReference, value: reference, valid: [IDReference.shape])) {
            try await world.removeWeight.execute(reference)
        }
        #expect(try await world.stored() == entries)
    }

    @Test("RemoveWeight refuses an ambiguous prefix and lists the candidates")
    func removeAmbiguous() async throws {
        let entries = try await storeThree()
        let error = await #expect(throws: WeightError.self) { try await world.removeWeight.execute("ABCD") }
        guard case .ambiguous(let reference, let candidates)? = error else {
            Issue.record("expected ambiguous, got \(String(describing: error))")
            return
        }
        #expect(reference == "ABCD")
        #expect(Set(candidates.map(\.description)) == [Self.idA, Self.idB])
        #expect(english(error).contains(Self.idA) == true)
        #expect(try await world.stored() == entries)
    }

    @Test("RemoveWeight says when nothing matches, also when removing twice")
    func removeNotFound() async throws {
        let entries = try await storeThree()
        await #expect(throws: WeightError.notFound("ffff")) { try await world.removeWeight.execute("ffff") }
        await #expect(throws: InvalidValue(kind: .idReference, value: "not-an-id", valid: [IDReference.shape])) {
            try await world.removeWeight.execute("not-an-id")
        }
        try await world.removeWeight.execute("1234")
        await #expect(throws: WeightError.notFound("1234")) { try await world.removeWeight.execute("1234") }
        #expect(try await world.stored() == Array(entries.prefix(2)))
    }

    // MARK: - GetWeightTrend

    @Test("GetWeightTrend with no weigh-ins has nothing to say")
    func trendEmpty() async throws {
        let trend = try await world.trend.execute()
        #expect(trend.latest == nil)
        #expect(trend.change7Days == nil)
        #expect(trend.change30Days == nil)
        #expect(trend.currentAverage == nil)
    }

    @Test("GetWeightTrend: latest, 7- and 30-day change and current average, by hand")
    func trendByHand() async throws {
        try await world.store([
            WeightWorld.entry("2024-05-01T06:00:00Z", 80),
            WeightWorld.entry("2024-05-16T06:00:00Z", 78),    // exactly 30 days before the latest
            WeightWorld.entry("2024-05-16T06:00:01Z", 77.9),
            WeightWorld.entry("2024-06-08T06:00:00Z", 76),    // exactly 7 days before
            WeightWorld.entry("2024-06-09T06:00:00Z", 75.5),  // 9 June: first day of the window
            WeightWorld.entry("2024-06-12T18:00:00Z", 75.25),
            WeightWorld.entry("2024-06-15T05:00:00Z", 75),
            WeightWorld.entry("2024-06-15T06:00:00Z", 74.75), // the latest
        ])
        let trend = try await world.trend.execute()
        #expect(trend.latest?.kilograms == 74.75)
        #expect(trend.change7Days == -1.25)
        #expect(trend.change30Days == -3.25)
        #expect(trend.currentAverage == 75.125) // (75.5 + 75.25 + 75 + 74.75) / 4
    }

    @Test("GetWeightTrend agrees with the trend of every entry over a long history")
    func trendMatchesFullComputation() async throws {
        var generator = SeededGenerator(seed: 11)
        var entries: [WeightEntry] = []
        var date = Fixtures.instant("2024-01-01T06:00:00Z")
        while entries.count < 300 {
            date = date.addingTimeInterval(Double.random(in: 3600...(3 * 86_400), using: &generator))
            entries.append(WeightEntry(unchecked: .init(), date: date,
                                       kilograms: (Double.random(in: 60...90, using: &generator) * 100).rounded() / 100,
                                       note: nil, source: .manual))
            // Check at a few points as the history grows, gaps included.
            if entries.count.isMultiple(of: 50) {
                let partial = WeightWorld()
                try await partial.store(entries)
                let trend = try await partial.trend.execute()
                let full = WeightTrend(entries: entries, calendar: partial.calendar)
                #expect(trend.latest == full.latest)
                #expect(trend.change7Days == full.change7Days)
                #expect(trend.change30Days == full.change30Days)
                #expect(trend.currentAverage == full.currentAverage)
            }
        }
    }

    // MARK: - MakeWeightChart

    @Test("MakeWeightChart refuses to draw nothing")
    func chartNoData() async throws {
        await #expect(throws: WeightChartError.noData(days: 90)) { try await world.chart.execute() }
        try await world.store([WeightWorld.entry("2024-03-01T07:00:00Z", 70)])
        await #expect(throws: WeightChartError.noData(days: 30)) { try await world.chart.execute(days: 30) }
    }

    /// Elements and attributes of an SVG document, or the XML error.
    final class SVGReader: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        var rootName: String?
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if rootName == nil { rootName = elementName }
            elements.append((elementName, attributes))
        }
    }

    @Test("MakeWeightChart draws a well-formed SVG: a dot per weigh-in in range and the moving average line")
    func chart() async throws {
        // A weigh-in every day for 40 days, two on some days; the chart shows the last 30 days.
        var entries: [WeightEntry] = []
        for dayIndex in 0..<40 {
            let day = Fixtures.day("2024-05-07").adding(days: dayIndex)
            entries.append(WeightEntry(unchecked: .init(), date: day.at(hour: 7, in: world.calendar),
                                       kilograms: 75 - Double(dayIndex) / 10, note: "<&\"note\">", source: .manual))
            if dayIndex.isMultiple(of: 5) {
                entries.append(WeightEntry(unchecked: .init(), date: day.at(hour: 21, in: world.calendar),
                                           kilograms: 75.5 - Double(dayIndex) / 10, note: nil, source: .manual))
            }
        }
        try await world.store(entries)
        let svg = try await world.chart.execute(days: 30)
        let first = Fixtures.day("2024-05-17") // 30 local days up to today, 15 June
        let inRange = entries.filter { LocalDay($0.date, in: world.calendar) >= first }
        #expect(inRange.count == 36)

        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(!svg.lowercased().contains("nan"))
        #expect(!svg.contains("inf"))
        #expect(svg.contains("2024-05-17"))
        #expect(svg.contains("2024-06-15"))
        #expect(svg.components(separatedBy: "<circle class=\"entry\"").count - 1 == inRange.count)
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 1)

        #if canImport(FoundationXML) || canImport(Darwin)
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = SVGReader()
        parser.delegate = reader
        #expect(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
        #expect(reader.rootName == "svg")
        let circles = reader.elements.filter { $0.name == "circle" && $0.attributes["class"] == "entry" }
        #expect(circles.count == inRange.count)
        let polylines = reader.elements.filter { $0.name == "polyline" }
        try #require(polylines.count == 1)
        let points = try #require(polylines[0].attributes["points"]).split(separator: " ")
        #expect(points.count == 30, "one moving-average point per day with a weigh-in in range")
        // Every dot is inside the plot area.
        for circle in circles {
            let x = try #require(circle.attributes["cx"].flatMap(Double.init))
            let y = try #require(circle.attributes["cy"].flatMap(Double.init))
            #expect((64...776).contains(x), "cx \(x)")
            #expect((44...372).contains(y), "cy \(y)")
        }
        // Later weigh-ins are further right.
        let xs = circles.compactMap { $0.attributes["cx"].flatMap(Double.init) }
        #expect(xs == xs.sorted())
        #endif
    }

    @Test("MakeWeightChart with a single weigh-in still draws finite coordinates")
    func chartSingle() async throws {
        try await world.store([WeightWorld.entry("2024-06-15T06:00:00Z", 70)])
        let svg = try await world.chart.execute(days: 7)
        #expect(svg.components(separatedBy: "<circle class=\"entry\"").count - 1 == 1)
        #expect(svg.contains("<polyline"))
        #expect(!svg.lowercased().contains("nan"))
        #expect(!svg.contains("inf"))
    }
}

/// Edge cases found while testing, kept apart so they are easy to find.
@Suite("Weight edge cases")
struct WeightEdgeCaseTests {
    let world = WeightWorld()

    @Test("the chart of the last N days does not draw weigh-ins after today outside the plot")
    func chartFutureEntry() async throws {
        try await world.store([
            WeightWorld.entry("2024-06-14T07:00:00Z", 70),
            WeightWorld.entry("2024-06-20T07:00:00Z", 69), // five days after today (15 June)
        ])
        let svg = try await world.chart.execute(days: 7)
        let xs = svg.components(separatedBy: "<circle class=\"entry\" cx=\"").dropFirst()
            .compactMap { Double($0.prefix { $0 != "\"" }) }
        #expect(xs.count >= 1)
        #expect(xs.allSatisfy { $0 <= 776 }, "cx \(xs)")
    }

    @Test("a ';' file whose first line is blank is read as a ';' file")
    func semicolonAfterBlankLine() async throws {
        let text = "\nDate;Weight (kg)\n05/03/2024;70,5\n"
        let report = try await world.importing(text)
        #expect(report.imported == 1)
        // Without the blank line it is the same file: the row is now a duplicate.
        #expect(try await world.importing(String(text.dropFirst())).duplicates == 1)
    }
}
