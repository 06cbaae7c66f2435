/// What a case's change closure throws to check that the adapter then saves nothing.
struct Refused: Error, Equatable {}
