import Testing
@testable import WellnessComposition

/// The format substitution itself: `%@`, `%d`, `%lld` in order, `%%` as a percent sign.
@Suite("Localizer.substitute")
struct LocalizerFormatTests {
    @Test("placeholders are filled in order")
    func inOrder() {
        #expect(Localizer.substitute("%@ is %d weeks, %lld days", ["Rex", "13", "96"]) == "Rex is 13 weeks, 96 days")
    }

    @Test("%% is a percent sign and takes no argument")
    func percent() {
        #expect(Localizer.substitute("100%% of %@", ["walks"]) == "100% of walks")
        #expect(Localizer.substitute("%%d", ["x"]) == "%d")
    }

    @Test("a lone or unknown % is kept as is")
    func unknownSpec() {
        #expect(Localizer.substitute("50% off %s", []) == "50% off %s")
        #expect(Localizer.substitute("ends with %", []) == "ends with %")
    }

    @Test("arguments are inserted verbatim, never reformatted")
    func verbatim() {
        #expect(Localizer.substitute("%@ and %@", ["%d", "%@"]) == "%d and %@")
    }
}
