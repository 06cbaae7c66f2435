import Foundation
import Testing
import WellnessDomain
import WellnessTestSupport

/// Header detection for each weight CSV format, and how records become weigh-ins (or the
/// line and column of what is wrong with them).
@Suite("Weight CSV layout")
struct WeightCSVLayoutTests {
    static let amsterdam = Fixtures.calendar("Europe/Amsterdam")

    func layout(_ names: [String], _ delimiter: CSVReader.Delimiter = .comma) throws -> WeightCSVLayout {
        try WeightCSVLayout(names: names, delimiter: delimiter)
    }

    /// The rows of `text` (a header and records), failing the test on a reading or header error.
    func rows(_ text: String, zone: String = "Europe/Amsterdam",
              sourceLocation: SourceLocation = #_sourceLocation) -> [Result<WeightCSVLayout.Row, CSVError>] {
        let decoded = CSVTestSupport.decode(text, zone: zone)
        #expect(decoded.error == nil, sourceLocation: sourceLocation)
        return decoded.rows
    }

    /// The single row of `text`, decoded.
    func row(_ text: String, zone: String = "Europe/Amsterdam",
             sourceLocation: SourceLocation = #_sourceLocation) throws -> WeightCSVLayout.Row {
        let all = rows(text, zone: zone, sourceLocation: sourceLocation)
        try #require(all.count == 1, sourceLocation: sourceLocation)
        return try all[0].get()
    }

    /// The error of the single row of `text`.
    func rowError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CSVError {
        let all = rows(text, sourceLocation: sourceLocation)
        try #require(all.count == 1, sourceLocation: sourceLocation)
        guard case .failure(let error) = all[0] else {
            Issue.record("expected an error, got \(all[0])", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return error
    }

    func instant(_ iso: String) -> Date { Fixtures.instant(iso) }

    /// A decoded row's parts, comparable as a whole.
    struct R: Equatable {
        let line: Int
        let date: Date
        let kilograms: Double
        let note: String?
        let dateOnly: Bool

        init(line: Int, date: Date, kilograms: Double, note: String?, dateOnly: Bool) {
            self.line = line
            self.date = date
            self.kilograms = kilograms
            self.note = note
            self.dateOnly = dateOnly
        }

        init(_ row: WeightCSVLayout.Row) {
            self.init(line: row.line, date: row.date, kilograms: row.kilograms, note: row.note, dateOnly: row.dateOnly)
        }
    }

    // MARK: - Headers

    @Test("ours: date,weight_kg,note")
    func wellnessHeader() throws {
        let layout = try layout(["date", "weight_kg", "note"])
        #expect(layout.format == .wellness)
        #expect(layout.columnCount == 3)
        #expect(layout.dateColumn == 0)
        #expect(layout.timeColumn == nil)
        #expect(layout.weightColumn == 1)
        #expect(layout.unit == .kilograms)
        #expect(layout.noteColumn == 2)
        #expect(!layout.slashDatesDayFirst)
        #expect(!layout.decimalComma)
    }

    @Test("openScale's dateTime,weight,fat,…,comment")
    func openScaleHeader() throws {
        let layout = try layout(["dateTime", "weight", "fat", "water", "muscle", "lbm", "bone", "waist", "hip", "comment"])
        #expect(layout.format == .openScale)
        #expect(layout.columnCount == 10)
        #expect(layout.dateColumn == 0)
        #expect(layout.timeColumn == nil)
        #expect(layout.weightColumn == 1)
        #expect(layout.unit == .kilograms)
        #expect(layout.noteColumn == 9)
    }

    @Test("openScale's newer DATE,TIME,WEIGHT,… with a separate time column")
    func openScaleNewHeader() throws {
        let layout = try layout(["DATE", "TIME", "WEIGHT", "FAT", "WATER", "MUSCLE", "COMMENT"])
        #expect(layout.format == .openScale)
        #expect(layout.dateColumn == 0)
        #expect(layout.timeColumn == 1)
        #expect(layout.weightColumn == 2)
        #expect(layout.unit == .kilograms)
        #expect(layout.noteColumn == 6)
    }

    @Test("openScale's header with quoted names, read from a file")
    func openScaleQuotedHeader() throws {
        let text = #""dateTime","weight","fat","water","muscle","lbm","bone","waist","hip","comment""# + "\n"
            + #""2024-03-05 08:30","70.5","20.1","55.0","40.0","0.0","3.0","0.0","0.0","after run""# + "\n"
        let decoded = CSVTestSupport.decode(text)
        #expect(decoded.error == nil)
        #expect(decoded.layout?.format == .openScale)
        let row = R(try #require(decoded.rows.first).get())
        #expect(row == R(line: 2, date: instant("2024-03-05T07:30:00Z"), kilograms: 70.5,
                                           note: "after run", dateOnly: false))
    }

    @Test("generic exports: the unit from the weight column's name, or a unit column", arguments: [
        (["Date", "Weight (kg)"], WeightCSVLayout.Unit.kilograms),
        (["Date", "Weight"], .kilograms),
        (["date", "weight_kgs"], .kilograms),
        (["Date", "Weight (kilograms)"], .kilograms),
        (["Date", "Weight (lb)"], .pounds),
        (["Date", "Weight (lbs)"], .pounds),
        (["date", "weight_lb"], .pounds),
        (["Date", "Weight (pounds)"], .pounds),
        (["Date", "Weight", "Unit"], .column(2)),
        (["Unit", "Timestamp", "Weight"], .column(0)),
        (["Date", "Weight", "Weight unit"], .column(2)),
    ])
    func genericHeaders(names: [String], unit: WeightCSVLayout.Unit) throws {
        let layout = try layout(names)
        #expect(layout.format == .generic)
        #expect(layout.unit == unit)
        #expect(layout.noteColumn == nil)
        #expect(layout.columnCount == names.count)
    }

    @Test("columns are found by name in any order, case and punctuation ignored, extra columns allowed")
    func columnsByName() throws {
        let layout = try layout(["Fat %", "Notes", "Weight (KG)", "Date and time", "BMI"])
        #expect(layout.format == .generic)
        #expect(layout.dateColumn == 3)
        #expect(layout.weightColumn == 2)
        #expect(layout.noteColumn == 1)
        #expect(layout.timeColumn == nil, "a date-and-time column has no separate time")
        #expect(layout.unit == .kilograms)
        // A separate time column only goes with a plain date column.
        #expect(try self.layout(["date", "time", "weight"]).timeColumn == 1)
        #expect(try self.layout(["dateTime", "time", "weight"]).timeColumn == nil)
        // Our header in another case is still our format.
        let shouting = try self.layout(["DATE", "WEIGHT_KG", "NOTE"])
        #expect(shouting.format == .wellness)
        #expect(shouting.weightColumn == 1)
        #expect(shouting.noteColumn == 2)
    }

    @Test("';' files read slash dates day first and allow decimal commas")
    func semicolonFiles() throws {
        let semicolon = try layout(["Date", "Weight (kg)"], .semicolon)
        #expect(semicolon.slashDatesDayFirst)
        #expect(semicolon.decimalComma)
        let comma = try layout(["Date", "Weight (kg)"], .comma)
        #expect(!comma.slashDatesDayFirst)
        #expect(!comma.decimalComma)
    }

    @Test("a header without a date or a weight column is refused, listing the formats understood", arguments: [
        (["Datum", "Gewicht"], "header 'Datum,Gewicht' has no date column"),
        (["date", "mass"], "header 'date,mass' has no weight column"),
        (["weight_kg", "note"], "header 'weight_kg,note' has no date column"),
        (["2024-03-05", "70.5"], "header '2024-03-05,70.5' has no date column"),
        ([""], "header '' has no date column"),
    ])
    func unrecognisedHeader(names: [String], start: String) throws {
        let error = try #require(throws: CSVError.self) { try WeightCSVLayout(names: names, line: 3, delimiter: .comma) }
        #expect(error.line == 3)
        #expect(error.column == 1)
        #expect(english(error.problem).hasPrefix(start + "; formats understood: "), "\(english(error.problem))")
        for format in WeightCSVLayout.Format.allCases {
            #expect(english(error.problem).contains(format.headerExample), "\(format)")
        }
        #expect(english(error.problem).contains("date,weight_kg,note"))
        #expect(english(error.problem).contains("dateTime,weight"))
        #expect(english(error.problem).contains("DATE,TIME,WEIGHT"))
        #expect(english(error.problem).contains("Date,Weight (lb)"))
        #expect(english(error.problem).contains("Date,Weight,Unit"))
    }

    @Test("a ';' header is shown with ';' in the error")
    func unrecognisedSemicolonHeader() throws {
        let decoded = CSVTestSupport.decode("Datum;Gewicht\n05.03.2024;70,5\n")
        let error = try #require(decoded.error)
        #expect(error.line == 1)
        #expect(english(error.problem).hasPrefix("header 'Datum;Gewicht' has no date column"))
        #expect(decoded.rows.isEmpty)
    }

    @Test("a header name that is not UTF-8 is refused with its column")
    func headerNotUTF8() throws {
        let bytes = Array("date,".utf8) + [0xFF] + Array(",note\n2024-03-05,70,x\n".utf8)
        let decoded = CSVTestSupport.decode(bytes)
        #expect(english(decoded.error) == "line \(1), column \(2): \("header is not valid UTF-8")")
    }

    // MARK: - Rows of each format

    @Test("our rows: ISO date-time with offset, kilograms, note")
    func wellnessRows() throws {
        let all = rows("date,weight_kg,note\r\n2024-03-05T08:30:00+01:00,70.5,morning\r\n"
            + "2024-03-05T19:00:00.250Z,71.25,\r\n2024-03-06,69.9,\"a,b\"\r\n")
        let decoded = try all.map { R(try $0.get()) }
        #expect(decoded == [
            R(line: 2, date: instant("2024-03-05T07:30:00Z"), kilograms: 70.5, note: "morning", dateOnly: false),
            R(line: 3, date: instant("2024-03-05T19:00:00.250Z"), kilograms: 71.25, note: nil, dateOnly: false),
            R(line: 4, date: instant("2024-03-06T11:00:00Z"), kilograms: 69.9, note: "a,b", dateOnly: true),
        ])
    }

    @Test("our format drops the formula guard from notes; other formats keep notes exactly")
    func formulaGuardOnlyInOurFormat() throws {
        let ours = try row("date,weight_kg,note\n2024-03-05T08:30Z,70,'=SUM(A1)\n")
        #expect(ours.note == "=SUM(A1)")
        let oursQuoted = try row("date,weight_kg,note\n2024-03-05T08:30Z,70,\"''quoted\"\n")
        #expect(oursQuoted.note == "'quoted")
        let generic = try row("Date,Weight,Notes\n2024-03-05T08:30Z,70,'=SUM(A1)\n")
        #expect(generic.note == "'=SUM(A1)")
        let untouched = try row("date,weight_kg,note\n2024-03-05T08:30Z,70,  spaced  \n")
        #expect(untouched.note == "  spaced  ", "notes are kept exactly, spaces included")
    }

    @Test("our format undoes the guard after every `,` and `;` in a note too")
    func formulaGuardInsideNotes() throws {
        let ours = try row("date,weight_kg,note\n2024-03-05T08:30Z,70,\"ok;'=cmd|' /C calc'!A0\"\n")
        #expect(ours.note == "ok;=cmd|' /C calc'!A0")
        let spaced = try row("date,weight_kg,note\n2024-03-05T08:30Z,70,\"' =1,' @x\"\n")
        #expect(spaced.note == " =1, @x")
    }

    @Test("a note with a control character is refused with its line and column", arguments: [
        ("red \u{1B}[31m", "U+001B"), ("bell\u{7}", "U+0007"), ("\"a\rb\"", "U+000D"), ("c1 \u{9B}", "U+009B"),
    ])
    func noteWithControlCharacter(note: String, codePoint: String) throws {
        let error = try rowError("date,weight_kg,note\n2024-03-05T08:30Z,70,\(note)\n")
        #expect(error.line == 2 && error.column == 3)
        guard case .value(.controlCharacter(let refused)) = error.problem else {
            Issue.record("expected a control character, got \(error)")
            return
        }
        #expect(refused.field == .note && PlainText.codePoint(refused.character) == codePoint)
    }

    @Test("a note with tab and line feed is text")
    func noteWithTabAndLineFeed() throws {
        let row = try row("date,weight_kg,note\n2024-03-05T08:30Z,70,\"a\tb\nc\"\n")
        #expect(row.note == "a\tb\nc")
    }

    @Test("openScale's DATE,TIME rows: the time from its own column, or noon when it is empty")
    func openScaleNewRows() throws {
        let all = rows("DATE,TIME,WEIGHT,FAT,COMMENT\n05.03.2024,08:30,70.5,20.1,\n06.03.2024,,70.4,,note\n"
            + "07.03.2024,8:05:30 PM,70.3,,\n")
        let decoded = try all.map { R(try $0.get()) }
        #expect(decoded == [
            R(line: 2, date: instant("2024-03-05T07:30:00Z"), kilograms: 70.5, note: nil, dateOnly: false),
            R(line: 3, date: instant("2024-03-06T11:00:00Z"), kilograms: 70.4, note: "note", dateOnly: true),
            R(line: 4, date: instant("2024-03-07T19:05:30Z"), kilograms: 70.3, note: nil, dateOnly: false),
        ])
    }

    @Test("generic rows: date only at local noon, US slash dates in ',' files")
    func genericRows() throws {
        let all = rows("Date,Weight (kg)\n2024-03-05,70.5\n3/6/2024,70\n1/5/2024 8:30:00 AM,69\n")
        let decoded = try all.map { R(try $0.get()) }
        #expect(decoded == [
            R(line: 2, date: instant("2024-03-05T11:00:00Z"), kilograms: 70.5, note: nil, dateOnly: true),
            R(line: 3, date: instant("2024-03-06T11:00:00Z"), kilograms: 70, note: nil, dateOnly: true),
            R(line: 4, date: instant("2024-01-05T07:30:00Z"), kilograms: 69, note: nil, dateOnly: false),
        ])
    }

    @Test("decimal commas and day-first slash dates in ';' files")
    func decimalCommas() throws {
        let all = rows("Date;Weight (kg);Note\n05/03/2024;70,5;x\n06/03/2024;70.25;\n07.03.2024 07:00;69;\"a;b\"\n")
        let decoded = try all.map { R(try $0.get()) }
        #expect(decoded == [
            R(line: 2, date: instant("2024-03-05T11:00:00Z"), kilograms: 70.5, note: "x", dateOnly: true),
            R(line: 3, date: instant("2024-03-06T11:00:00Z"), kilograms: 70.25, note: nil, dateOnly: true),
            R(line: 4, date: instant("2024-03-07T06:00:00Z"), kilograms: 69, note: "a;b", dateOnly: false),
        ])
        let ours = try row("date;weight_kg;note\n2024-03-05T08:30:00+01:00;70,5;x\n")
        #expect(ours.kilograms == 70.5)
    }

    @Test("a decimal comma is not a number in a ',' file")
    func decimalCommaInCommaFile() throws {
        let error = try rowError("Date,Weight (kg)\n2024-03-05,\"70,5\"\n")
        #expect(english(error) == "line \(2), column \(2): \("weight '70,5' is not a number")")
    }

    @Test("pounds are converted with the exact factor 0.45359237")
    func pounds() throws {
        #expect(WeightEntry.kilogramsPerPound == 0.45359237)
        let fromName = try row("Date,Weight (lb)\n2024-03-05,155.5\n")
        #expect(fromName.kilograms == 155.5 * 0.45359237)
        let fromSnakeCase = try row("date,weight_lb\n2024-03-05,200\n")
        #expect(fromSnakeCase.kilograms == 200 * 0.45359237)
        #expect(abs(fromSnakeCase.kilograms - 90.718474) < 1e-12)
        let mixed = try rows("Date,Weight,Unit\n2024-03-05,150,lb\n2024-03-06,70,kg\n2024-03-07,150,LBS\n"
            + "2024-03-08,70, KG \n2024-03-09,100,pounds\n2024-03-10,71,Kilograms\n").map { try $0.get().kilograms }
        let lb = WeightEntry.kilogramsPerPound
        let expectedMixed: [Double] = [150 * lb, 70, 150 * lb, 70, 100 * lb, 71]
        #expect(mixed == expectedMixed)
        let semicolonPounds = try row("Date;Weight (lb)\n05/03/2024;155,5\n")
        #expect(semicolonPounds.kilograms == 155.5 * 0.45359237)
    }

    // MARK: - Bad rows

    @Test("each kind of bad row is refused with its line and column", arguments: [
        // Wrong column count: the first missing or extra column.
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,70.5\n", 2, 3, "expected 3 fields, found 2"),
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,70.5,x,extra\n", 2, 4, "expected 3 fields, found 4"),
        ("Date,Weight\n2024-03-05\n", 2, 2, "expected 2 fields, found 1"),
        // Bad dates.
        ("date,weight_kg,note\n2024-02-30,70.5,\n", 2, 1,
         "date '2024-02-30' is not a date (use YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM], DD.MM.YYYY or M/D/YYYY, with an optional time)"),
        ("date,weight_kg,note\nyesterday,70.5,\n", 2, 1,
         "date 'yesterday' is not a date (use YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM], DD.MM.YYYY or M/D/YYYY, with an optional time)"),
        ("date,weight_kg,note\n,70.5,\n", 2, 1,
         "date '' is not a date (use YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM], DD.MM.YYYY or M/D/YYYY, with an optional time)"),
        ("Weight,Date\n70,2024-03-05T25:00\n", 2, 2,
         "date '2024-03-05T25:00' is not a date (use YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM], DD.MM.YYYY or M/D/YYYY, with an optional time)"),
        // Bad times in a separate column.
        ("DATE,TIME,WEIGHT\n05.03.2024,25:00,70\n", 2, 2,
         "time '25:00' is not a time (H:MM, H:MM:SS, with AM/PM or not)"),
        ("DATE,TIME,WEIGHT\n05.03.2024,8.30,70\n", 2, 2,
         "time '8.30' is not a time (H:MM, H:MM:SS, with AM/PM or not)"),
        ("WEIGHT,DATE,TIME\n70,05.03.2024,noon\n", 2, 3,
         "time 'noon' is not a time (H:MM, H:MM:SS, with AM/PM or not)"),
        // Bad weights.
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,abc,\n", 2, 2, "weight 'abc' is not a number"),
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,,\n", 2, 2, "weight is empty"),
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,0,\n", 2, 2, "weight 0 kg must be above 0"),
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,0.000,\n", 2, 2, "weight 0 kg must be above 0"),
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,-5,\n", 2, 2, "weight '-5' is not a number"),
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,+5,\n", 2, 2, "weight '+5' is not a number"),
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,700.5,\n", 2, 2, "weight 700.5 kg is above the maximum of 700 kg"),
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,1e400,\n", 2, 2, "weight '1e400' is not a number"),
        ("date,weight_kg,note\n2024-03-05T08:30:00Z,70 kg,\n", 2, 2, "weight '70 kg' is not a number"),
        ("Date,Weight (lb)\n2024-03-05,1544\n", 2, 2, "weight 700.34661928 kg is above the maximum of 700 kg"),
        // Units that are not kg or lb.
        ("Date,Weight,Unit\n2024-03-05,70,st\n", 2, 3, "unit 'st' is not kg or lb"),
        ("Date,Weight,Unit\n2024-03-05,70,\n", 2, 3, "unit '' is not kg or lb"),
        ("Unit,Date,Weight\ngrams,2024-03-05,70000\n", 2, 1, "unit 'grams' is not kg or lb"),
    ])
    func badRows(text: String, line: Int, column: Int, reason: String) throws {
        let error = try rowError(text)
        #expect(english(error) == "line \(line), column \(column): \(reason)")
    }

    @Test("a huge weight in a file is a bad row, not a crash")
    func hugeWeightInAFile() async {
        // A large but convertible number is reported normally.
        await #expect(processExitsWith: .success) {
            let decoded = CSVTestSupport.decode("date,weight_kg,note\n2024-03-05T08:30:00Z,1000000000,\n")
            precondition(decoded.rows.count == 1)
            guard case .failure(let error) = decoded.rows[0], error.column == 2 else { preconditionFailure() }
        }
        await #expect(processExitsWith: .success) {
            let decoded = CSVTestSupport.decode("date,weight_kg,note\n2024-03-05T08:30:00Z,1e20,\n")
            precondition(decoded.rows.count == 1)
            guard case .failure(let error) = decoded.rows[0], error.column == 2 else { preconditionFailure() }
        }
        await #expect(processExitsWith: .success) {
            let decoded = CSVTestSupport.decode("date,weight_kg,note\n2024-03-05T08:30:00Z,99999999999999999999,\n")
            precondition(decoded.rows.count == 1)
            guard case .failure(let error) = decoded.rows[0], error.column == 2 else { preconditionFailure() }
        }
    }

    @Test("700 kg is accepted, a tiny positive weight too")
    func bounds() throws {
        #expect(try row("date,weight_kg,note\n2024-03-05T08:30:00Z,700,\n").kilograms == 700)
        #expect(try row("date,weight_kg,note\n2024-03-05T08:30:00Z,700.000,\n").kilograms == 700)
        #expect(try row("date,weight_kg,note\n2024-03-05T08:30:00Z,0.001,\n").kilograms == 0.001)
    }

    @Test("the line of a bad row counts the lines of multi-line notes before it")
    func lineAfterMultiLineNote() throws {
        let all = rows("date,weight_kg,note\n2024-03-05T08:30Z,70,\"a\nb\r\nc\"\n\n2024-03-06T08:30Z,abc,\n")
        try #require(all.count == 2)
        #expect(try all[0].get().note == "a\nb\r\nc")
        #expect(all[1] == .failure(CSVError(line: 6, column: 2, problem: .weightNotANumber("'abc'"))))
        if case .failure(let error) = all[1] { #expect(english(error) == "line 6, column 2: weight 'abc' is not a number") }
    }

    @Test("a note that is not UTF-8 is refused with its column")
    func noteNotUTF8() throws {
        let bytes = Array("date,weight_kg,note\n2024-03-05T08:30Z,70,".utf8) + [0xC3, 0x28] + [0x0A]
        let decoded = CSVTestSupport.decode(bytes)
        #expect(decoded.error == nil)
        #expect(decoded.rows == [.failure(CSVError(line: 2, column: 3, problem: .noteNotUTF8))])
    }

    @Test("the first problem of a row is reported: column count, then date, then weight, then unit")
    func firstProblemWins() throws {
        #expect(try rowError("Date,Weight,Unit\nbad,abc\n").column == 3)
        #expect(try rowError("Date,Weight,Unit\nbad,abc,st\n").column == 1)
        #expect(try rowError("Date,Weight,Unit\n2024-03-05,abc,st\n").column == 2)
        #expect(try rowError("Date,Weight,Unit\n2024-03-05,70,st\n").column == 3)
    }

    // MARK: - Numbers

    func number(_ text: String, decimalComma: Bool = false) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { WeightCSVNumber.parse($0, decimalComma: decimalComma) }
    }

    @Test("weight numbers: digits with one decimal separator, spaces around ignored", arguments: [
        ("70", false, 70.0 as Double?),
        ("70.5", false, 70.5),
        (" 70.5 ", false, 70.5),
        (".5", false, 0.5),
        ("5.", false, 5),
        ("0070.50", false, 70.5),
        ("7.05e1", false, 70.5),
        ("7.05E1", false, 70.5),
        ("70,5", true, 70.5),
        ("70.5", true, 70.5),
        ("7,05e1", true, 70.5),
        ("70,5", false, nil),
        ("", false, nil),
        ("   ", false, nil),
        (".", false, nil),
        ("abc", false, nil),
        ("-70", false, nil),
        ("+70", false, nil),
        ("1,234.5", true, nil),
        ("1.234,5", true, nil),
        ("70.5.1", false, nil),
        ("1e400", false, nil),
        ("nan", false, nil),
        ("inf", false, nil),
        ("7 0", false, nil),
        ("70kg", false, nil),
        ("1e", false, nil),
        ("0x10", false, nil),
    ])
    func numbers(text: String, decimalComma: Bool, expected: Double?) {
        #expect(number(text, decimalComma: decimalComma) == expected)
    }

    @Test("every weight written as Swift prints it reads back as the same Double")
    func numbersRoundTrip() {
        var generator = SeededGenerator(seed: 99)
        var values: [Double] = [70.1, 0.1, 0.3, 699.99, 700, 1e-5, Double.leastNonzeroMagnitude, 0.1 + 0.2, 155.5 * 0.45359237,
                                Double.ulpOfOne, 123.456789012345678]
        for _ in 0..<5000 { values.append(Double.random(in: 0.001...700, using: &generator)) }
        for _ in 0..<500 { values.append((Double.random(in: 20...200, using: &generator) * 10).rounded() / 10) }
        for value in values {
            #expect(number("\(value)") == value, "\(value)")
        }
    }
}
