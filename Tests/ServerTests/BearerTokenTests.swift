import Foundation
import Testing
@testable import WellnessServer

/// A bearer token loses the spaces and tabs around it (HTTP's optional whitespace), nothing else.
@Suite("Bearer token trimming")
struct BearerTokenTests {
    @Test("spaces and tabs around it go; anything else stays", arguments: [
        ("abc", "abc"), ("  abc\t", "abc"), ("\t\tabc  def \t", "abc  def"), ("", ""), (" \t ", ""),
        ("\u{00A0}abc\u{2003}", "\u{00A0}abc\u{2003}"), ("\nabc\n", "\nabc\n"), (" é😀 ", "é😀"),
    ])
    func trims(text: String, expected: String) {
        #expect(AuthenticationMiddleware.trimmed(Substring(text)) == expected)
    }
}
