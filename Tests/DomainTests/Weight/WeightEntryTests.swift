import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// A weigh-in: the weight bounds, the duplicate key, and decoding.
@Suite("Weight entry")
struct WeightEntryTests {
    let date = Fixtures.instant("2024-03-05T08:30:15.250Z")

    @Test("weights above 0 up to 700 kg are accepted", arguments: [
        Double.leastNonzeroMagnitude, 1e-9, 0.001, 0.01, 70.5, 699.999_999, 700,
    ])
    func accepted(kilograms: Double) throws {
        let entry = try WeightEntry(date: date, kilograms: kilograms)
        #expect(entry.kilograms == kilograms)
        #expect(WeightEntry.problem(kilograms: kilograms) == nil)
    }

    @Test("weights that are not finite, not above 0 or above 700 kg are refused", arguments: [
        (0.0, "weight 0 kg must be above 0"),
        (-0.0, "weight 0 kg must be above 0"),
        (-1.0, "weight -1 kg must be above 0"),
        (-70.25, "weight -70.25 kg must be above 0"),
        (700.0001, nil),
        (700.5, "weight 700.5 kg is above the maximum of 700 kg"),
        (1000.0, "weight 1000 kg is above the maximum of 700 kg"),
        (Double.nan, "weight is not a finite number"),
        (Double.infinity, "weight is not a finite number"),
        (-Double.infinity, "weight is not a finite number"),
    ])
    func refused(kilograms: Double, reason: String?) throws {
        let error = try #require(throws: WeightError.self) { try WeightEntry(date: date, kilograms: kilograms) }
        guard case .outOfRange(let problem) = error else {
            Issue.record("expected outOfRange, got \(error)")
            return
        }
        if let reason { #expect(english(problem) == reason) }
        #expect(problem == WeightEntry.problem(kilograms: kilograms))
        #expect(english(error) == english(problem))
        #expect(throws: WeightError.outOfRange(problem)) { try WeightEntry.validate(kilograms: kilograms) }
    }

    @Test("a huge finite weight is refused with a message, not a crash")
    func hugeWeight() async {
        // Sanity: the exit test machinery sees a normal refusal as a clean exit.
        await #expect(processExitsWith: .success) {
            precondition(WeightEntry.problem(kilograms: 1e12) != nil)
        }
        await #expect(processExitsWith: .success) {
            precondition(WeightEntry.problem(kilograms: 1e20) != nil)
        }
        await #expect(processExitsWith: .success) {
            precondition(WeightEntry.problem(kilograms: .greatestFiniteMagnitude) != nil)
        }
    }

    @Test("the instant is kept to the millisecond and an empty note is no note")
    func normalises() throws {
        let entry = try WeightEntry(date: Date(timeIntervalSince1970: 1_709_627_415.250_4), kilograms: 70, note: "")
        #expect(Timestamp.milliseconds(entry.date) == 1_709_627_415_250)
        #expect(entry.date == Timestamp.fromMilliseconds(1_709_627_415_250))
        #expect(entry.note == nil)
        #expect(entry.source == .manual)
        let noted = try WeightEntry(date: date, kilograms: 70, note: " x ", source: .imported)
        #expect(noted.note == " x ")
        #expect(noted.source == .imported)
        let unchecked = WeightEntry(unchecked: .init(), date: date, kilograms: 70, note: "", source: .imported)
        #expect(unchecked.note == nil)
    }

    // MARK: - Duplicate key

    func key(_ iso: String, _ kilograms: Double) -> WeightEntry.DuplicateKey {
        WeightEntry.DuplicateKey(date: Fixtures.instant(iso), kilograms: kilograms)
    }

    @Test("the same minute with different seconds is the same weigh-in")
    func sameMinute() {
        #expect(key("2024-03-05T08:30:00Z", 70.5) == key("2024-03-05T08:30:59.999Z", 70.5))
        #expect(key("2024-03-05T08:30:00Z", 70.5) == key("2024-03-05T08:30:31Z", 70.5))
        #expect(key("2024-03-05T08:30:59.999Z", 70.5) != key("2024-03-05T08:31:00Z", 70.5))
        #expect(key("2024-03-05T08:29:59.999Z", 70.5) != key("2024-03-05T08:30:00Z", 70.5))
        // The same instant written with an offset is the same minute.
        #expect(key("2024-03-05T09:30:10+01:00", 70.5) == key("2024-03-05T08:30:50Z", 70.5))
        #expect(key("2024-03-05T08:30:00Z", 70.5).minute == 1_709_627_400 / 60)
    }

    @Test("the minute of instants before 1970 is rounded down, not toward zero")
    func minutesBefore1970() {
        #expect(WeightEntry.DuplicateKey(date: Date(timeIntervalSince1970: -0.001), kilograms: 70).minute == -1)
        #expect(WeightEntry.DuplicateKey(date: Date(timeIntervalSince1970: -60), kilograms: 70).minute == -1)
        #expect(WeightEntry.DuplicateKey(date: Date(timeIntervalSince1970: -60.001), kilograms: 70).minute == -2)
        #expect(WeightEntry.DuplicateKey(date: Date(timeIntervalSince1970: 0), kilograms: 70).minute == 0)
        #expect(WeightEntry.DuplicateKey(date: Date(timeIntervalSince1970: 59.999), kilograms: 70).minute == 0)
        #expect(key("1969-12-31T23:59:00Z", 70) == key("1969-12-31T23:59:59.999Z", 70))
        #expect(key("1969-12-31T23:59:59.999Z", 70) != key("1970-01-01T00:00:00Z", 70))
    }

    @Test("weights are compared in hundredths of a kilogram, rounded half away from zero", arguments: [
        (70.0, 70.004, true),
        (70.0, 69.996, true),
        (70.0, 70.006, false),
        (70.0, 70.01, false),
        (70.01, 70.014, true),
        (70.5, 70.5, true),
        (70.125, 70.13, true),
        (0.004, 0.001, true),
    ])
    func hundredths(a: Double, b: Double, same: Bool) {
        #expect((key("2024-03-05T08:30:00Z", a) == key("2024-03-05T08:30:00Z", b)) == same)
    }

    @Test("an entry's key is that of its minute and weight; the id and note do not count")
    func entryKey() throws {
        let a = try WeightEntry(date: Fixtures.instant("2024-03-05T08:30:05Z"), kilograms: 70.001, note: "a")
        let b = try WeightEntry(date: Fixtures.instant("2024-03-05T08:30:55Z"), kilograms: 69.999, note: "b",
                                source: .imported)
        #expect(a.id != b.id)
        #expect(a.duplicateKey == b.duplicateKey)
        #expect(a.duplicateKey == WeightEntry.DuplicateKey(minute: 1_709_627_400 / 60, hundredths: 7000))
    }

    // MARK: - Codable

    static let id = "0190A1B2-C3D4-7E5F-8A6B-7C8D9E0F1A2B"

    /// A stored entry as JSON, as `JSONEncoder` writes one (dates as seconds since 2001).
    func json(kilograms: String, note: String? = nil, source: String = "manual") -> Data {
        let noteField = note.map { ",\"note\":\"\($0)\"" } ?? ""
        return Data("{\"id\":\"\(Self.id)\",\"date\":731320215.25,\"kilograms\":\(kilograms)\(noteField),\"source\":\"\(source)\"}".utf8)
    }

    func decode(_ data: Data) throws -> WeightEntry { try JSONDecoder().decode(WeightEntry.self, from: data) }

    @Test("an entry survives encoding and decoding")
    func codableRoundTrip() throws {
        for entry in [try WeightEntry(date: date, kilograms: 70.123456789, note: "a,\"b\"\n", source: .imported),
                      try WeightEntry(date: date, kilograms: 700),
                      try WeightEntry(date: date, kilograms: 0.45359237 * 155.5, note: "'=x")] {
            #expect(try decode(JSONEncoder().encode(entry)) == entry)
        }
    }

    @Test("a valid stored entry decodes")
    func decodesStored() throws {
        let entry = try decode(json(kilograms: "70.5", note: "x", source: "imported"))
        #expect(entry.id.description == Self.id.lowercased())
        #expect(entry.kilograms == 70.5)
        #expect(entry.note == "x")
        #expect(entry.source == .imported)
        #expect(entry.date == Date(timeIntervalSinceReferenceDate: 731_320_215.25))
    }

    @Test("decoding refuses a weight out of range", arguments: ["0", "-1", "700.0001", "701", "1e9"])
    func decodingRefusesOutOfRange(kilograms: String) throws {
        #expect(throws: DecodingError.self) { try decode(json(kilograms: kilograms)) }
        #expect(throws: Never.self) { try decode(json(kilograms: "700")) }
    }

    @Test("decoding never gives an empty note")
    func decodingEmptyNote() throws {
        if let entry = try? decode(json(kilograms: "70", note: "")) { #expect(entry.note == nil) }
        #expect(try decode(json(kilograms: "70")).note == nil)
    }

    @Test("decoding refuses an unknown source")
    func decodingUnknownSource() throws {
        #expect(throws: DecodingError.self) { try decode(json(kilograms: "70", source: "telepathy")) }
    }

    // MARK: - Format and errors

    @Test("weights for people: at most two decimals, no trailing zeros", arguments: [
        (70.0, "70"), (70.5, "70.5"), (70.25, "70.25"), (70.254, "70.25"), (70.255_1, "70.26"), (0.001, "0"),
        (699.999, "700"), (70.10, "70.1"),
    ])
    func format(kilograms: Double, expected: String) {
        #expect(WeightEntry.format(kilograms) == expected)
    }

    @Test("error messages name the weigh-in or the id")
    func errorMessages() {
        let id = WeightEntry.ID(UUID(uuidString: "0190A1B2-C3D4-7E5F-8A6B-7C8D9E0F1A2B")!)
        #expect(id.description == "0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b")
        #expect(english(WeightError.notFound("abcd")) == "no weigh-in with id 'abcd'")
        #expect(english(WeightError.ambiguous("0190", candidates: [id, id])) == "id '0190' matches several weigh-ins: \(id), \(id)")
        #expect(english(WeightError.duplicate(existing: nil)).contains("same minute"))
    }
}
