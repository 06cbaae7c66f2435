import Foundation

/// What a person types to name an entity whose id is a UUID (a goal, a weigh-in, a queued
/// check-in): the whole id, or its first characters as lists show them
/// (``ShortIDs``), at least ``minimumLength`` of them.
///
/// A text that cannot be the start of any UUID's text form (a letter past `f`, a hyphen out
/// of place, too short or too long) is refused as an ``InvalidValue`` naming it, so a typo
/// reads as a malformed value rather than as "not found".
public enum IDReference {
    /// The fewest characters a reference may have.
    public static let minimumLength = 4

    /// The shape of a UUID's text form: `x` a hex digit.
    public static let shape = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"

    /// `text` without surrounding white space, in lower case: the key to match ids' text forms
    /// against; ``InvalidValue/Field/idReference`` when it is no UUID's start.
    public static func uuidPrefix(_ text: String) throws(InvalidValue) -> String {
        let key = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let fits = (minimumLength...shape.count).contains(key.count)
            && zip(key, shape).allSatisfy { typed, expected in
                expected == "-" ? typed == "-" : typed.isHexDigit && typed.isASCII
            }
        guard fits else { throw InvalidValue(kind: .idReference, value: text, valid: [shape]) }
        return key
    }
}
