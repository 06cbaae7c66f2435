import Foundation
import Testing
import WellnessComposition
import WellnessFileSystem
import WellnessHTTP
import WellnessServer
import WellnessServerHost
import WellnessJSONFile
import WellnessPostgres
import WellnessSQLite
import WellnessTestSupport

/// Every error the core can give, with one example per code, worded in English and Dutch by
/// the composition root's presenter.
@Suite("Error messages: every case in every language")
struct ErrorMessagesTests {
    /// One error type: its family, every code it has, and an example of each.
    struct Family: Sendable, CustomStringConvertible {
        let type: String
        let family: String
        let codes: [String]
        let examples: [any WellnessError]

        init<E: WellnessError>(_ type: E.Type, _ examples: [E]) {
            self.type = String(describing: type)
            family = E.family
            codes = E.Code.allCases.map(\.rawValue)
            self.examples = examples
        }

        var description: String { type }
    }

    static let day = LocalDay("2026-11-20")!
    static let goal = Goal.ID(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!)
    static let server = URL(string: "http://127.0.0.1:8080")!
    static let escape = ControlCharacterError(field: .note, character: "\u{1B}")

    static let rule = CheckinError.outOfRange(field: .energy, value: 6).message

    static let families: [Family] = [
        Family(FileSystemError.self, [.posix(path: "/d/x.json", operation: "replace", errno: 28),
                                      .io(path: "/d", operation: "create directory", reason: "denied"), .notADirectory("/d"),
                                      .readOnly("/d"), .writableByOthers("/d")]),
        Family(ServerStartError.self, [.addressInUse(host: "127.0.0.1", port: 8080),
                                       .unreadableTLSFile(path: "/etc/cert.pem", reason: "not PEM")]),
        Family(TrustedProxyError.self, [.invalid("10.0.0.0/99")]),
        Family(TrustedCertificatesError.self, [.unreadable(path: "/etc/ca.pem", reason: "no certificate in it")]),
        Family(ServerHostError.self, [.noAccountStore, .diskFull("/srv/data", available: 4096)]),
        Family(SQLiteStoreError.self, [.cannotOpen(path: "/d/wellness.sqlite", reason: "not a database"),
                                       .newerSchema(path: "/d/wellness.sqlite", unknownMigrations: ["v9"]),
                                       .corruptRow(path: "/d/wellness.sqlite", table: "checkin", key: "2026-11-20", reason: "energy: not an integer"),
                                       .invalidRow(path: "/d/wellness.sqlite", table: "checkin", key: "2026-11-20", column: "energy", rule: rule),
                                       .database(path: "/d/wellness.sqlite", reason: "disk I/O error")]),
        Family(JSONFileStoreError.self, [.corruptFile(path: "/d/checkins.json", reason: "not JSON"),
                                         .invalidRecord(path: "/d/checkins.json", at: "[0]", rule: rule),
                                         .newerFormat(path: "/d", found: 2, supported: 1), .io(path: "/d/checkins.json", reason: "denied")]),
        Family(PostgresStoreError.self, [.invalidURL("postgres://x", reason: "no host"), .unavailable(database: "db", reason: "refused"),
                                         .newerSchema(database: "db", unknownMigrations: ["v9"]),
                                         .corruptRow(database: "db", table: "checkin", key: "2026-11-20", reason: "energy: null"),
                                         .invalidRow(database: "db", table: "checkin", key: "2026-11-20", rule: rule),
                                         .database(database: "db", reason: "syntax error (42601)"),
                                         .unreachable(database: "postgres://ann@127.0.0.1:1/w", host: "127.0.0.1", port: 1),
                                         .authenticationFailed(database: "db", user: "ann"),
                                         .noSuchDatabase(database: "db", name: "habits"),
                                         .tlsUnsupported(database: "db"), .tlsFailed(database: "db")]),
        Family(DriftWindowError.self, [.invalidInsightsWindow(10), .invalidTrendLength(14)]),
        Family(CheckinError.self, [.outOfRange(field: .energy, value: 7), .notAWholeNumber(field: .social, text: "3.5"),
                                   .keyContactTooLong(120), .controlCharacter(.init(field: .keyContact, character: "\u{7}"))]),
        Family(DogProfileError.self, [.emptyName, .nameTooLong(120), .birthDateInFuture(day),
                                      .controlCharacter(.init(field: .name, character: "\u{1B}"))]),
        Family(SupplementError.self, [.emptyName, .nameTooLong(101), .duplicateName("Zinc"),
                                      .notFound(Supplement.ID()), .invalidPosition(4, count: 3),
                                      .controlCharacter(.init(field: .dosage, character: "\u{9B}"))]),
        Family(GoalError.self, [.emptyTitle, .titleTooLong(201), .invalidMoodScore(6), .noteTooLong(1001),
                                .idTaken(goal), .controlCharacter(.init(field: .title, character: "\r"))]),
        Family(AccountError.self, [.invalidEmail("nope"), .passwordTooShort(minimum: 8),
                                   .passwordTooLong(maximumBytes: 72), .passwordControlCharacter, .emailTaken(try! EmailAddress("ann@example.org")),
                                   .noSuchAccount("bob@example.org"), .invalidCredentials, .notAuthenticated,
                                   .tooManyAttempts(retryAfter: 1), .tooManyAttempts(retryAfter: 30), .unknownTimeZone("Mars/Olympus")]),
        Family(ApiFailure.self, [.unauthorized, .conflict, .rateLimited(retryAfter: 60), .offline, .other(status: 503), .other(status: nil)]),
        Family(InvalidValue.self, InvalidValue.Field.allCases.map { InvalidValue(kind: $0, value: "x", valid: ["a", "b"]) }),
        Family(DriftError.self, [.alreadyCheckedIn(day), .locked(.trends30d), .notQueued("abcd"),
                                 .tierFromServer("https://wellness.example.org")]),
        Family(JournalError.self, [.notesTooLong(10_001), .controlCharacter(.init(field: .notes, character: "\u{0}"))]),
        Family(WalkError.self, [.minutesOutOfRange(0), .distanceOutOfRange("100.5"), .noteTooLong(1001),
                                .controlCharacter(.init(field: .note, character: "\u{7}")),
                                .timePlannedTwice(WallTime(hour: 7, minute: 30)!), .tooManyPlanned(13)]),
        Family(TrainingError.self, [.emptySkill, .skillTooLong(61), .minutesOutOfRange(0), .scoreOutOfRange(6),
                                    .controlCharacter(.init(field: .name, character: "\u{7}"))]),
        Family(SocializationError.self, [.emptyDescription, .descriptionTooLong(201), .reactionOutOfRange(6),
                                         .controlCharacter(.init(field: .description, character: "\u{7}"))]),
        Family(MilestoneError.self, [.emptyTitle, .titleTooLong(101), .controlCharacter(.init(field: .title, character: "\u{0}")),
                                     .unknownBuiltIn("first-flight"), .malformedID("First Swim"), .titleTaken("first-swim")]),
        Family(FeedingError.self, [.malformedPlan("7h kibble"), .gramsOutOfRange(-5), .foodTooLong(101),
                                   .controlCharacter(.init(field: .food, character: "\u{7}")),
                                   .timePlannedTwice(WallTime(hour: 7, minute: 0)!), .tooManyPlanned(13),
                                   .notPlanned(WallTime(hour: 9, minute: 0)!)]),
        Family(MedicationError.self, [.invalidPeriod("0d"), .emptyName, .nameTooLong(101), .doseTooLong(201),
                                      .controlCharacter(.init(field: .name, character: "\u{7}")),
                                      .untilBeforeFrom(until: LocalDay(year: 2026, month: 1, day: 4)!,
                                                       from: LocalDay(year: 2026, month: 1, day: 5)!),
                                      .alreadyExists("Rimadyl"), .notFound("Metacam")]),
        Family(ModuleOffError.self, [.off(.walks)]),
        Family(DocumentError.self, [.emptyTitle, .titleTooLong(201), .invalidFileName("/"), .fileNameTooLong(256),
                                    .controlCharacter(.init(field: .title, character: "\u{1B}")),
                                    .tooLarge(file: "scan.pdf", bytes: 20_971_521), .notFound("abcd"), .ambiguous("0190"),
                                    .incomplete(title: "Rabies", chunks: 1, expected: 2)]),
        Family(ControlCharacterError.self, ControlCharacterError.Field.allCases.map { .init(field: $0, character: "\u{1B}") }),
        Family(TimeProblem.self, [.outOfRange("9999-12-31T23:30"), .inFuture("2027-01-01")]),
        Family(GoalTipsError.self, [.goalNotFound(goal), .noTipsAvailable(goal), .contextBuildFailed(cause: "disk on fire"),
                                    .serviceFailed(.unavailable("down"))]),
        Family(GoalReferenceError.self, [GoalReferenceError(reference: "nope", ambiguous: false),
                                         GoalReferenceError(reference: "abcd", ambiguous: true)]),
        Family(InterventionError.self, [.invalidCount(0),
                                        .countNotApplicable("morning_light", .timer),
                                        .notInDeck("morning_light", day, deck: [])]),
        Family(NudgeError.self, [.notApplicable(.simplify, applicable: [])]),
        Family(SubmissionError.self, [.invalidKey, .keyReused("k")]),
        Family(ClientSessionError.self, [.notLoggedIn, .sessionEnded(server: server, email: "ann@example.org"),
                                         .invalidServer("ftp://x"), .insecureServer("wellness.example.org"),
                                         .passwordRefused, .currentPasswordRefused]),
        Family(JournalRepositoryError.self, [.dayChanged(expected: day, got: day.adding(days: 1))]),
        Family(GoalTipsServiceError.self, [.unavailable("down"), .invalidResponse("not JSON"), .rateLimited(retryAfter: 30),
                                           .rateLimited(retryAfter: nil), .unauthorized,
                                           .remoteNotAllowed(destination: "https://api.example.com")]),
        Family(WeightChartError.self, [.noData(days: 90)]),
        Family(WellnessDemoError.self, [.storeNotEmpty("/tmp/store")]),
        Family(CSVError.self, [CSVError(line: 3, column: 2, problem: .quoteNeverClosed)]),
        Family(BackupError.self, [.notAnArchive, .newerVersion(found: 2, supported: 1), .missing("settings"),
                                  .malformed(line: 3, found: "x"), .truncated(line: 9), .tooLarge(line: 4, megabytes: 16), .scalarTooLong(line: 2, characters: 64),
                                  .nestedTooDeep(line: 5, limit: 32),
                                  .unexpectedMember(line: 2, name: "extra"), .unknownCollection(line: 5, name: "pets"),
                                  .repeatedCollection(line: 6, name: "goals"),
                                  .invalidValue(line: 2, name: "settings", reason: "tier is missing"),
                                  .invalidRecord(line: 7, collection: "moods", index: 1, reason: "score is missing"),
                                  .invalidRecord(line: 7, collection: "moods", index: 1, reason: "controlCharacter.note(U+001B)",
                                                 cause: escape.message),
                                  .duplicate(line: 8, collection: "journals", index: 2, identity: "2026-11-20"),
                                  .brokenReference(line: 9, collection: "supplementLogs", index: 1, identity: "2026-11-20 x",
                                                   missing: "supplement x")]),
        Family(ServerBackupError.self, [.notAServerArchive, .newerVersion(found: 2, supported: 1),
                                        .missing(line: 3, name: "archive"), .malformed(line: 4, found: "x"), .truncated(line: 9),
                                        .tooLarge(line: 2, kilobytes: 64), .unexpectedMember(line: 2, name: "extra"),
                                        .invalidAccount(line: 3, reason: "email: 'x' is not an email address"),
                                        .duplicateAccount(line: 12, email: "ann@example.org"),
                                        .inAccount(email: "ann@example.org",
                                                   BackupError.invalidRecord(line: 7, collection: "moods", index: 1,
                                                                             reason: "score is missing").message),
                                        .notEmpty(location: "/srv/data", accounts: 2),
                                        .notKept(location: "postgres://ann@db/w", email: "ann@example.org", what: "weights"),
                                        .accountExists(location: "/srv/data", email: "ann@example.org")]),
        Family(RestoreError.self, [.notEmpty(location: "/data", holds: "3 goals"), .notReplaceable(location: "memory"),
                                   .sameStore("json"), .memoryTarget, .notIdentical(location: "/data", line: 12),
                                   .notReadBack(location: "/data", collection: "weights", written: 3, read: 2)]),
        Family(HealthExportError.self, [HealthExportError(line: 12, element: "Record", problem: .missingAttribute("type")),
                                        HealthExportError(line: 3, element: nil, problem: .notAnExport),
                                        HealthExportError(line: 0, element: nil, problem: .noExportInZip)]),
        Family(HealthExportProblem.self, [.notAnExport, .noExportInZip, .unreadableZip("truncated"), .wrongRoot("html"),
                                          .malformed("'<' inside a tag"), .mismatchedEnd(expected: "Workout", found: "Record"),
                                          .truncated("HealthData"), .unknownEntity("&nbsp;"), .tagTooLong(kilobytes: 1024), .nestedTooDeep(limit: 256),
                                          .missingAttribute("startDate"), .notADate(attribute: "startDate", value: "yesterday"),
                                          .notANumber(attribute: "value", value: "lots"),
                                          .unknownUnit("st", type: "HKQuantityTypeIdentifierBodyMass"),
                                          .weight(.notAboveZero("0")), .time(.inFuture("2027-01-01")),
                                          .sample(.notFinite(.workout))]),
        Family(HealthSample.Problem.self, [.notFinite(.steps),
                                           .outOfRange(.steps, "1e+19", minimum: "0", maximum: "250000", unit: "count"),
                                           .energyNotFinite, .energyOutOfRange("60000", minimum: "0", maximum: "50000"),
                                           .tooLong(.sleep, hours: 200, maximumHours: 168),
                                           .controlCharacter(.init(field: .source, character: "\u{0}"))]),
        Family(SyncError.self, [.notSyncable("/d/wellness.sqlite"), .busy("/d/wellness.sqlite"), .refusedByServer("the checkins record 2026-11-20 was refused"),
                                .refused("checkins", "2026-11-20", RecordRejection(CheckinError.outOfRange(field: .energy, value: 6)))]),
        Family(SyncRecordError.self, [.malformed("goals", "6f9619ff-8b86-d011-b42d-00c04fc964ff")]),
        Family(RecordRejection.self, [RecordRejection("a visit names its clinic"),
                                      RecordRejection(ControlCharacterError(field: .title, character: "\u{1B}"))]),
        Family(UnusableHealthSampleError.self, [
            UnusableHealthSampleError(HealthSample(kind: .water, source: "Tap", start: Date(timeIntervalSince1970: 0),
                                                   end: Date(timeIntervalSince1970: 0), value: 1e308),
                                      .outOfRange(.water, "1e+308", minimum: "0", maximum: "10", unit: "L")),
        ]),
        Family(CSVProblem.self, [.quoteNeverClosed, .carriageReturnWithoutLineFeed, .unexpectedAfterClosingQuote(0x62),
                                 .unexpectedAfterClosingQuote(0x20), .unexpectedAfterClosingQuote(0x09),
                                 .unexpectedAfterClosingQuote(0x00), .quoteInUnquotedField, .recordTooLong(kilobytes: 1024),
                                 .unreadableEnd, .headerNotUTF8, .noDateColumn(header: "when,kg", understood: "date,weight_kg,note"),
                                 .noWeightColumn(header: "date", understood: "date,weight_kg,note"),
                                 .fieldCount(expected: 3, found: 2), .fieldCount(expected: 1, found: 2), .notADate("'x'"),
                                 .notATime("'25:00'"), .weightEmpty, .weightNotANumber("'abc'"), .unknownUnit("'st'"),
                                 .value(.notFinite), .noteNotUTF8, .time(.inFuture("2027-01-01"))]),
        Family(WeightEntry.Problem.self, [.notFinite, .notAboveZero("0"), .aboveMaximum("701", maximum: "700"),
                                          .noteContainsNUL, .controlCharacter(escape)]),
        Family(WeightError.self, [.outOfRange(.notFinite), .duplicate(existing: nil), .invalidNote(.noteContainsNUL),
                                  .notFound("abcd"), .ambiguous("0190", candidates: [WeightEntry.ID(), WeightEntry.ID()])]),
        Family(WeightImportError.self, [.empty, .invalid(CSVError(line: 2, column: 2, problem: .weightEmpty))]),
        Family(CatalogError.self, [CatalogError(source: "c.json", problem: .empty),
                                   CatalogError(source: "c.json", entry: 2, problem: .notAnObject),
                                   CatalogError(source: "c.json", entry: 2, id: "b", problem: .duplicateID),
                                   CatalogError(source: "c.json", entry: 2, field: "id", problem: .missing),
                                   CatalogError(source: "c.json", entry: 2, id: "b", field: "roi",
                                                problem: .unknownValue("huge", valid: ["low", "medium", "high"]))]),
        Family(CatalogProblem.self, [.notJSON("bad"), .notAnArray, .empty, .notAnObject, .unknownField(known: ["id"]),
                                     .missing, .notAString, .emptyValue, .unknownValue("x", valid: ["a"]),
                                     .sectionsNotAList(valid: ["morning"]), .sectionNotAString, .duplicateID,
                                     .resourceMissing("interventions.json"), .unreadable("EIO"),
                                     .invalidExerciseLibrary("bad")]),
        Family(FileError.self, [.noSuchFile("a.csv"), .isDirectory("a"), .notReadable("a.csv", reason: nil),
                                .notReadable("a.csv", reason: "EIO"), .notWritable("a.csv", reason: "EROFS"),
                                .notReplaceable("a.csv", reason: "EXDEV"), .readOnly("a.csv"), .notAFile("/dev/sda")]),
    ]

    @Test("every code of every error type has an example here", arguments: families)
    func everyCodeCovered(family: Family) {
        let covered = Set(family.examples.map { $0.message.key })
        for code in family.codes {
            #expect(covered.contains("error.\(family.family).\(code)"), "\(family.type).\(code) has no example")
        }
    }

    @Test("every example has a message in English and Dutch, with all its values and no format left",
          arguments: families, WellnessLocale.allCases)
    func everyMessage(family: Family, locale: WellnessLocale) {
        let keys = Localizer.keys(of: locale)
        let presenter = ErrorPresenter(locale: locale)
        for error in family.examples {
            let key = error.message.key
            #expect(keys.contains(key), "\(locale) lacks \(key)")
            let message = presenter.message(for: error)
            #expect(!message.isEmpty && message != key, "\(locale): \(key)")
            #expect(!message.contains("%@") && !message.contains("%d") && !message.contains("error."),
                    "\(locale): \(key) → \(message)")
            for case .verbatim(let value) in error.details where !value.isEmpty && value.count < 60 {
                #expect(message.contains(value), "\(locale): \(key) → \(message) lacks \(value)")
            }
        }
    }

    @Test("no message of the core mentions a command or a flag", arguments: WellnessLocale.allCases)
    func noCLIWords(locale: WellnessLocale) {
        let presenter = ErrorPresenter(locale: locale)
        for family in Self.families {
            for error in family.examples {
                let message = presenter.message(for: error)
                #expect(!message.contains("wellness ") && message.range(of: #"--[a-z]"#, options: .regularExpression) == nil,
                        "\(message)")
            }
        }
    }

    @Test("every error key in the tables belongs to a code")
    func noOrphanKeys() {
        let known = Set(Self.families.flatMap { family in family.codes.map { "error.\(family.family).\($0)" } })
        let shared: Set = ["error.none"]
        let orphans = Localizer.keys(of: .en).filter { $0.hasPrefix("error.") && !known.contains($0) && !shared.contains($0) }
        #expect(orphans.sorted() == [])
    }

    @Test("every type of Domain, Application, Adapters and Composition that is a WellnessError is listed here")
    func everyTypeListed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var declared: Set<String> = []
        let pattern = try NSRegularExpression(
            pattern: #"(?:enum|struct|extension)\s+(\w+)\s*:\s*[^{]*\bWellnessError\b"#)
        for folder in ["Domain", "Application", "Adapters", "Composition"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder),
                                                            includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    if let range = Range(match.range(at: 1), in: text) { declared.insert(String(text[range])) }
                }
            }
        }
        #expect(!declared.isEmpty)
        #expect(declared.subtracting(Self.families.map(\.type)).sorted() == [], "error types without examples")
    }

    @Test("English wording of some errors, exactly")
    func english() {
        let samples: [(any Error, String)] = [
            (CheckinError.outOfRange(field: .energy, value: 7), "energy must be a whole number from 1 to 5, got 7"),
            (CheckinError.notAWholeNumber(field: .social, text: "3.5"), "social must be a whole number from 1 to 5, got '3.5'"),
            (CheckinError.keyContactTooLong(120), "the key contact is 120 characters long; at most 100 are allowed"),
            (DriftWindowError.invalidInsightsWindow(10), "insights cover 7 or 14 days, not 10"),
            (DriftWindowError.invalidTrendLength(14), "trends cover 7, 30 or 90 days, not 14"),
            (AccountError.invalidEmail("nope"), "'nope' is not an email address (expected name@domain)"),
            (AccountError.passwordTooShort(minimum: 8), "the password is too short; use at least 8 characters"),
            (AccountError.invalidCredentials, "wrong email or password"),
            (AccountError.tooManyAttempts(retryAfter: 30), "too many failed logins; try again in 30 seconds"),
            (DogProfileError.birthDateInFuture(Self.day), "birth date 2026-11-20 is in the future"),
            (SupplementError.invalidPosition(4, count: 3),
             "position 5 is outside 1...3 (the first supplement of its time of day is 1)"),
            (NudgeError.notApplicable(.simplify, applicable: []), "nudge 'simplify' does not apply now; nudges that apply: none"),
            (GoalTipsServiceError.rateLimited(retryAfter: nil), "the tips service is busy; try again in a minute"),
            (GoalTipsServiceError.remoteNotAllowed(destination: "https://api.example.com"),
             "sending your goals, moods and journal tags to https://api.example.com was not allowed"),
            (GoalTipsError.serviceFailed(.rateLimited(retryAfter: 30)),
             "no tips yet for this goal: the tips service is busy; try again in 30 seconds. Try again later; once tips were fetched, they stay available offline"),
            (InvalidValue(kind: .store, value: "mysql", valid: ["sqlite", "json", "memory"]),
             "unknown store 'mysql'; valid: sqlite, json, memory"),
            (CSVError(line: 3, column: 2, problem: .unexpectedAfterClosingQuote(0x79)),
             "line 3, column 2: unexpected 'y' after a closing quote"),
            (WeightImportError.invalid(CSVError(line: 7, column: 2, problem: .value(.aboveMaximum("701", maximum: "700")))),
             "line 7, column 2: weight 701 kg is above the maximum of 700 kg"),
            (CatalogError(source: "custom.json", entry: 2, id: "b", field: "roi",
                          problem: .unknownValue("huge", valid: ["low", "medium", "high"])),
             #"catalog custom.json: entry 2 (id "b"), field "roi": unknown value "huge"; valid: low, medium, high"#),
            // A stored record that breaks a rule reads as the rule, not as `checkin.outOfRange(energy, 6)`.
            (JSONFileStoreError.invalidRecord(path: "/d/checkins.json", at: "[0]", rule: Self.rule),
             "the data file /d/checkins.json holds a record at [0] that breaks a rule: energy must be a whole number from 1 to 5, got 6; it was left untouched — repair it or move it away"),
            (SQLiteStoreError.invalidRow(path: "/d/wellness.sqlite", table: "weightEntry", key: "id 01",
                                         column: "kilograms", rule: WeightEntry.Problem.aboveMaximum("701", maximum: "700").message),
             "the database /d/wellness.sqlite has a row in weightEntry (id 01) whose kilograms breaks a rule: weight 701 kg is above the maximum of 700 kg; the file was left untouched"),
        ]
        let presenter = ErrorPresenter(locale: .en)
        for (error, text) in samples { #expect(presenter.message(for: error) == text) }
    }

    @Test("Dutch wording, with nested messages in Dutch too")
    func dutch() {
        let presenter = ErrorPresenter(locale: .nl)
        #expect(presenter.message(for: DriftError.alreadyCheckedIn(Self.day)) == "al ingecheckt op 2026-11-20")
        #expect(presenter.message(for: NudgeError.notApplicable(.simplify, applicable: []))
                == "suggestie 'simplify' is nu niet van toepassing; suggesties die wel gelden: geen")
        #expect(presenter.message(for: GoalTipsError.serviceFailed(.unauthorized))
                .hasPrefix("nog geen tips voor dit doel: de server weigerde de sessie"))
    }

    @Test("an error that is no WellnessError keeps its own description")
    func foreignErrors() {
        struct Disk: Error, LocalizedError { var errorDescription: String? { "disk on fire" } }
        struct Plain: Error {}
        #expect(ErrorPresenter(locale: .nl).message(for: Disk()) == "disk on fire")
        #expect(ErrorPresenter(locale: .en).message(for: Plain()) == "Plain()")
    }
}
