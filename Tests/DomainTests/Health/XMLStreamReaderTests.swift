import Foundation
import Testing
import WellnessDomain

/// What an ``XMLStreamReader`` reported for an input: each event as text (copied out of its
/// callback), the error it stopped with, and the bytes it read.
struct XMLOutcome: Equatable, CustomStringConvertible {
    var events: [String] = []
    var error: HealthExportError?
    var bytesRead = 0

    var description: String {
        "events \(events), error \(error.map { "line \($0.line) \($0.element ?? "nil") \($0.problem)" } ?? "none")"
    }
}

enum XMLReading {
    /// The attributes an event's text shows, in this order, when the tag has them.
    static let probes: [StaticString] = ["type", "sourceName", "value", "unit", "locale", "key"]

    /// Reads `text` in chunks of `chunkSize` bytes (all at once when `nil`), each chunk copied
    /// into its own buffer, then finishes.
    static func read(_ text: String, chunkSize: Int? = nil) -> XMLOutcome {
        read(Array(text.utf8), chunkSize: chunkSize)
    }

    static func read(_ bytes: [UInt8], chunkSize: Int? = nil) -> XMLOutcome {
        var reader = XMLStreamReader()
        var outcome = XMLOutcome()
        let size = max(1, chunkSize ?? bytes.count)
        do {
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + size)
                let chunk = Array(bytes[offset..<end])
                try chunk.withUnsafeBufferPointer { buffer in
                    try reader.consume(buffer) { outcome.events.append(describe($0)) }
                }
                offset = end
            }
            try reader.finish()
        } catch let error as HealthExportError {
            outcome.error = error
        } catch {
            Issue.record("unexpected error \(error)")
        }
        outcome.bytesRead = reader.bytesRead
        return outcome
    }

    /// `<Name @line attr=value …>` (`/>` when empty) or `</Name>`.
    static func describe(_ event: XMLStreamReader.Event) -> String {
        switch event {
        case .start(let tag):
            var text = "<\(tag.name) @\(tag.line)"
            for probe in probes {
                if let value = tag.value(of: probe) { text += " \(probe)=\(value)" }
            }
            return text + (tag.isEmpty ? "/>" : ">")
        case .end(let name):
            return "</\(name)>"
        }
    }

    /// The chunk sizes every error is checked at: bytes, a few odd sizes, and the whole input.
    static let sizes: [Int?] = [1, 2, 3, 7, 64, nil]
}

@Suite("XMLStreamReader: a streaming XML reader that names the line of any problem")
struct HealthXMLStreamReaderTests {
    /// The shape of an Apple Health export, with every kind of markup the reader passes over.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14; a ']>' and an apostrophe ' in a comment -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ATTLIST Record unit CDATA "a ]> in quotes">
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2024-03-05 10:00:00 +0100"/>
         <!-- <Record type="in a comment"/> -->
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ann&#8217;s Apple Watch"
                 unit="count" value='5 &lt; 6 &amp;&amp; 7 &gt; 2'>
          <MetadataEntry key="HKTimeZone" value="Europe/Amsterdam"/>
         </Record>
         <Note><![CDATA[ <not-a-tag/> & ]]> text &amp; more </Note >
         <?pi <Record/> ?>
         <Record type="A" value="&quot;q&quot; &apos;a&apos; &#x2019;"/>
        </HealthData>

        """

    static let documentEvents = [
        "<HealthData @10 locale=en_US>",
        "<ExportDate @11 value=2024-03-05 10:00:00 +0100/>",
        "</ExportDate>",
        "<Record @13 type=HKQuantityTypeIdentifierStepCount sourceName=Ann\u{2019}s Apple Watch value=5 < 6 && 7 > 2 unit=count>",
        "<MetadataEntry @15 value=Europe/Amsterdam key=HKTimeZone/>",
        "</MetadataEntry>",
        "</Record>",
        "<Note @17>",
        "</Note>",
        "<Record @19 type=A value=\"q\" 'a' \u{2019}/>",
        "</Record>",
        "</HealthData>",
    ]

    // MARK: - Reading

    @Test("elements, decoded attributes and start lines; the declaration, DOCTYPE, comments, CDATA, PIs and text passed over")
    func readsTheDocument() {
        let outcome = XMLReading.read(Self.document)
        #expect(outcome.error == nil)
        #expect(outcome.events == Self.documentEvents)
        #expect(outcome.bytesRead == Self.document.utf8.count)
    }

    @Test("every chunk size, from one byte to the whole document, reads the same events")
    func everyChunkSize() {
        let count = Self.document.utf8.count
        for size in 1...count {
            let outcome = XMLReading.read(Self.document, chunkSize: size)
            #expect(outcome.events == Self.documentEvents, "chunk size \(size)")
            #expect(outcome.error == nil, "chunk size \(size)")
            #expect(outcome.bytesRead == count, "chunk size \(size)")
        }
    }

    @Test("lines are counted through CRLF line ends and multi-line tags")
    func crlfLines() {
        let text = "<?xml version=\"1.0\"?>\r\n<HealthData\r\n locale=\"nl_NL\">\r\n\r\n <Record\r\n  type=\"A\"/>\r\n"
            + " <Record type=\"B\"/>\r\n</HealthData>\r\n"
        for size in XMLReading.sizes {
            let outcome = XMLReading.read(text, chunkSize: size)
            #expect(outcome.events == ["<HealthData @2 locale=nl_NL>", "<Record @5 type=A/>", "</Record>",
                                       "<Record @7 type=B/>", "</Record>", "</HealthData>"], "chunk size \(String(describing: size))")
            #expect(outcome.error == nil)
        }
    }

    @Test("a tag's raw value keeps its entities; isNamed compares the name")
    func rawValuesAndNames() throws {
        var reader = XMLStreamReader()
        var raw: [String] = []
        var named: [Bool] = []
        let bytes = Array(#"<HealthData><Record sourceName="Ann&#8217;s &amp; Bob&apos;s"/></HealthData>"#.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            try reader.consume(buffer) { event in
                guard case .start(let tag) = event else { return }
                named.append(tag.isNamed("Record"))
                if let value = tag.withRawValue(of: "sourceName", { String(decoding: $0, as: UTF8.self) }) {
                    raw.append(value)
                    #expect(tag.value(of: "sourceName") == "Ann\u{2019}s & Bob's")
                }
                #expect(tag.value(of: "missing") == nil)
                #expect(tag.withRawValue(of: "missing") { $0.count } == nil)
            }
        }
        try reader.finish()
        #expect(raw == ["Ann&#8217;s &amp; Bob&apos;s"])
        #expect(named == [false, true])
    }

    @Test("the element the reader is inside, after part of a document")
    func currentElement() throws {
        var reader = XMLStreamReader()
        #expect(reader.currentElement == nil)
        let bytes = Array("<HealthData>\n <Workout a=\"1\">\n  <WorkoutRoute>\n  </WorkoutRoute>\n <Wor".utf8)
        try bytes.withUnsafeBufferPointer { buffer in try reader.consume(buffer) { _ in } }
        #expect(reader.currentElement == "Workout")
        // The cut tag's line is not counted yet: the reader is on the line it starts on.
        #expect(reader.line == 5)
        #expect(reader.bytesRead == bytes.count)
        #expect(throws: HealthExportError(line: 5, element: "Workout", problem: .truncated("Workout"))) {
            try reader.finish()
        }
    }

    // MARK: - Entities

    @Test("XML's five entities and character references are decoded",
          arguments: [("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"), ("&quot;", "\""), ("&apos;", "'"),
                      ("Ann&#8217;s", "Ann\u{2019}s"), ("&#x2019;", "\u{2019}"), ("&#x1F3C3;", "\u{1F3C3}"),
                      ("a&amp;lt;b", "a&lt;b"), ("&#65;&#x42;C", "ABC")])
    func entities(raw: String, decoded: String) {
        let outcome = XMLReading.read("<HealthData>\n<Record value=\"\(raw)\"/>\n</HealthData>")
        #expect(outcome.error == nil)
        #expect(outcome.events.dropFirst().first == "<Record @2 value=\(decoded)/>")
    }

    @Test("any other entity is refused, naming the line and the entity",
          arguments: [("Ann&nbsp;Watch", "&nbsp;"), ("AT&T", "&T"), ("&#0;", "&#0;"), ("&#xD800;", "&#xD800;"),
                      ("&;", "&;"), ("&#;", "&#;"), ("&#X41;", "&#X41;"), ("&copy;", "&copy;")])
    func unknownEntities(raw: String, entity: String) {
        let text = "<HealthData>\n <Record type=\"A\"/>\n <Record sourceName=\"\(raw)\"/>\n</HealthData>\n"
        for size in XMLReading.sizes {
            let outcome = XMLReading.read(text, chunkSize: size)
            #expect(outcome.error?.line == 3, "chunk size \(String(describing: size))")
            #expect(outcome.error?.problem == .unknownEntity(entity))
            // The Record before it was read.
            #expect(outcome.events == ["<HealthData @1>", "<Record @2 type=A/>", "</Record>"])
        }
    }

    @Test("an entity declared in the DOCTYPE is not expanded: it is refused like any unknown one")
    func declaredEntityNotExpanded() {
        let text = "<!DOCTYPE x [\n<!ENTITY e \"boom\">\n]>\n<x a=\"&e;\"/>\n"
        for size in XMLReading.sizes {
            #expect(XMLReading.read(text, chunkSize: size).error
                    == HealthExportError(line: 4, element: "x", problem: .unknownEntity("&e;")))
        }
    }

    // MARK: - Errors

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let error: HealthExportError
        var testDescription: String { name }

        init(_ name: String, _ text: String, line: Int, element: String?, _ problem: HealthExportProblem) {
            self.name = name
            self.text = text
            error = HealthExportError(line: line, element: element, problem: problem)
        }
    }

    static let broken: [Broken] = [
        Broken("an end tag that closes another element",
               "<HealthData>\n <Record>\n </Workout>\n</HealthData>\n",
               line: 3, element: "Record", .mismatchedEnd(expected: "Record", found: "Workout")),
        Broken("CRLF line ends count one line each",
               "<HealthData>\r\n <Record>\r\n </Workout>\r\n</HealthData>\r\n",
               line: 3, element: "Record", .mismatchedEnd(expected: "Record", found: "Workout")),
        Broken("the file ends inside the root",
               "<HealthData>\n <Record/>\n", line: 3, element: "HealthData", .truncated("HealthData")),
        Broken("the file ends inside a nested element",
               "<HealthData>\n <Workout>\n  <WorkoutRoute>", line: 3, element: "WorkoutRoute", .truncated("WorkoutRoute")),
        Broken("the file ends inside a tag: the line the tag starts on",
               "<HealthData>\n <Record type=\"A\"\n  value=\"", line: 2, element: "HealthData", .truncated("HealthData")),
        Broken("an empty file", "", line: 1, element: nil, .notAnExport),
        Broken("only white space", " \n\n", line: 3, element: nil, .notAnExport),
        Broken("only the XML declaration", "<?xml version=\"1.0\"?>\n", line: 2, element: nil, .notAnExport),
        Broken("cut inside the XML declaration", "<?xml version=", line: 1, element: nil, .notAnExport),
        Broken("a second root element", "<HealthData/>\n<HealthData/>\n",
               line: 2, element: nil, .malformed("a second root element")),
        Broken("an attribute value without quotes", "<HealthData>\n <Record value=5/>\n</HealthData>",
               line: 2, element: "HealthData", .malformed("an attribute value without quotes")),
        Broken("an attribute without a value", "<HealthData>\n <Record value/>\n</HealthData>",
               line: 2, element: "HealthData", .malformed("an attribute without '=' and a value")),
        Broken("the line of a multi-line tag is its first", "<HealthData>\n <Record\n  type=\"A\"\n  value=oops/>\n</HealthData>",
               line: 2, element: "HealthData", .malformed("an attribute value without quotes")),
        Broken("'<' inside a tag", "<HealthData>\n <Record a=\"1\" <b/>\n</HealthData>",
               line: 2, element: "HealthData", .malformed("'<' inside a tag")),
        Broken("'<!' that is not a comment, CDATA or DOCTYPE", "<HealthData>\n <!FOO bar>\n</HealthData>",
               line: 2, element: "HealthData", .malformed("'<!' that starts no comment, CDATA or DOCTYPE")),
        Broken("a DOCTYPE inside the root", "<HealthData>\n<!DOCTYPE HealthData>\n</HealthData>",
               line: 2, element: "HealthData", .malformed("'<!' that starts no comment, CDATA or DOCTYPE")),
        Broken("an end tag without a name", "<HealthData>\n</ >", line: 2, element: "HealthData",
               .malformed("a broken end tag")),
        Broken("an end tag with an attribute", "<HealthData>\n</HealthData a=\"1\">", line: 2, element: "HealthData",
               .malformed("a broken end tag")),
        Broken("an end tag before any element", "\n</HealthData>", line: 2, element: nil,
               .malformed("an end tag </HealthData> outside the root")),
        Broken("a tag without a name", "<HealthData>\n < Record/>\n</HealthData>", line: 2, element: "HealthData",
               .malformed("a tag without a name")),
        Broken("a comment never closed after the root", "<HealthData/>\n<!-- never closed",
               line: 2, element: nil, .malformed("an unfinished tag at the end")),
    ]

    @Test("a malformed document names the line, the element and the problem, at every chunk size", arguments: broken)
    func malformed(_ broken: Broken) {
        for size in XMLReading.sizes {
            let outcome = XMLReading.read(broken.text, chunkSize: size)
            #expect(outcome.error == broken.error, "chunk size \(String(describing: size)): \(outcome)")
        }
    }

    @Test("elements nested deeper than the limit are refused at the element that goes too deep, the open list never grows past it")
    func nestedTooDeep() {
        let limit = XMLStreamReader.maximumDepth
        func document(depth: Int) -> String {
            "<HealthData>\n" + String(repeating: "<a>", count: depth - 1) + "\n"
                + String(repeating: "</a>", count: depth - 1) + "\n</HealthData>\n"
        }
        #expect(XMLReading.read(document(depth: limit), chunkSize: 1 << 12).error == nil)
        let refused = HealthExportError(line: 2, element: "a", problem: .nestedTooDeep(limit: limit))
        // 60 million nested elements made a 1.1 GB reader once; a thousand past the limit shows
        // the refusal comes at the limit, however the document is chunked.
        let deep = document(depth: limit + 1000)
        for size in [7, 1 << 12, nil] as [Int?] {
            let outcome = XMLReading.read(deep, chunkSize: size)
            #expect(outcome.error == refused, "chunk size \(String(describing: size))")
            #expect(outcome.events.count == limit, "chunk size \(String(describing: size))")
        }
    }

    @Test("a tag longer than the limit is refused")
    func tagTooLong() {
        func document(tagBytes: Int) -> String {
            "<HealthData>\n<Record a=\"" + String(repeating: "x", count: tagBytes) + "\"/>\n</HealthData>\n"
        }
        let limit = XMLStreamReader.maximumTagBytes
        let refused = HealthExportError(line: 2, element: "HealthData", problem: .tagTooLong(kilobytes: limit / 1024))
        let twice = XMLReading.read(document(tagBytes: 2 * limit), chunkSize: 1 << 16)
        #expect(twice.error == refused)
        #expect(twice.events == ["<HealthData @1>"])
        #expect(XMLReading.read(document(tagBytes: limit - 100), chunkSize: 1 << 16).error == nil)
        // A tag just over the limit is refused however it is chunked.
        do {
            let justOver = document(tagBytes: limit + 10)
            #expect(XMLReading.read(justOver, chunkSize: 1 << 16).error == refused)
            #expect(XMLReading.read(justOver).error == refused)
        }
    }

    // MARK: - Text outside the root, and a byte-order mark

    @Test("a CSV file is not an export, at every chunk size")
    func csvIsNotAnExport() {
        let csv = "date,weight_kg,note\n2024-03-05T08:30:00+01:00,70.5,morning\n2024-03-06T08:30:00+01:00,70.2,\n"
        for size in XMLReading.sizes {
            let outcome = XMLReading.read(csv, chunkSize: size)
            #expect(outcome.error?.problem == .notAnExport, "chunk size \(String(describing: size))")
            #expect(outcome.error?.element == nil)
            #expect(outcome.events.isEmpty)
        }
        // The error names line 1, where the text starts, however the file is chunked.
        #expect(XMLReading.read(csv, chunkSize: 7).error?.line == 1)
        do {
            #expect(XMLReading.read(csv).error?.line == 1)
        }
    }

    @Test("text after the root element is refused")
    func textAfterRoot() {
        let text = "<HealthData>\n</HealthData>\ntrailing text\nmore\n"
        for size in XMLReading.sizes {
            let outcome = XMLReading.read(text, chunkSize: size)
            #expect(outcome.error?.problem == .malformed("text after the root element"), "chunk size \(String(describing: size))")
            #expect(outcome.error?.element == nil)
            #expect(outcome.events == ["<HealthData @1>", "</HealthData>"])
        }
        #expect(XMLReading.read(text, chunkSize: 1).error?.line == 3)
        do {
            #expect(XMLReading.read(text).error?.line == 3)
        }
    }

    @Test("a UTF-8 byte-order mark before the document is passed over")
    func byteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?>\n<HealthData>\n<Record/>\n</HealthData>\n".utf8)
        let expected = ["<HealthData @2>", "<Record @3/>", "</Record>", "</HealthData>"]
        for size in [3, 4, 7, 64, bytes.count] {
            let outcome = XMLReading.read(bytes, chunkSize: size)
            #expect(outcome.error == nil, "chunk size \(size)")
            #expect(outcome.events == expected, "chunk size \(size)")
        }
        // A byte-order mark is not one anywhere else.
        let late = Array("<HealthData>".utf8) + [0xEF, 0xBB, 0xBF] + Array("</HealthData>\n".utf8) + [0xEF, 0xBB, 0xBF]
        #expect(XMLReading.read(late).error?.problem == .malformed("text after the root element"))
        do {
            for size in [1, 2] {
                let outcome = XMLReading.read(bytes, chunkSize: size)
                #expect(outcome.error == nil, "chunk size \(size)")
                #expect(outcome.events == expected, "chunk size \(size)")
            }
        }
    }
}
