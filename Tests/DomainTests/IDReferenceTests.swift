import Foundation
import Testing
import WellnessDomain

@Suite("IDReference")
struct IDReferenceTests {
    @Test("a whole UUID in any case with spaces around, or any start of 4+ characters, is a key in lower case",
          arguments: [("  0A1B2C3D-4E5F-4a6b-8c7d-9e0f1a2b3c4d ", "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"),
                      ("ABCD", "abcd"), ("0123abcd-", "0123abcd-"), ("0123abcd-ef", "0123abcd-ef")])
    func accepted(text: String, key: String) throws {
        #expect(try IDReference.uuidPrefix(text) == key)
    }

    @Test("what can be no UUID's start is refused, naming the text and the shape",
          arguments: ["abc", "", "not-a-uuid", "abcd-", "0123abcdef", "ghij",
                      "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d0", "0a1b2c3d_4e5f", "١٢٣٤"])
    func refused(text: String) {
        #expect(throws: InvalidValue(kind: .idReference, value: text, valid: [IDReference.shape])) {
            try IDReference.uuidPrefix(text)
        }
    }

    @Test("every UUID's text form, and each of its starts from 4 characters, is accepted")
    func everyStart() throws {
        let id = UUID().uuidString
        for length in IDReference.minimumLength...id.count {
            #expect(try IDReference.uuidPrefix(String(id.prefix(length))) == String(id.prefix(length)).lowercased())
        }
    }
}
