import WellnessDomain

// How the server reads the request bodies the client encodes: each type reads its own fields,
// by the JSON names of its coding keys, in order (see ``Wire/Fields``).

extension Wire.LoginRequest {
    /// The login in `fields`: `email`, then `password`, then the optional `timeZone`.
    public init(fields: Wire.Fields) throws(Wire.FieldError) {
        self.init(email: try fields.text(CodingKeys.email), password: try fields.text(CodingKeys.password),
                  timeZone: try fields.optionalText(CodingKeys.timeZone))
    }
}

extension Wire.DeleteAccountRequest {
    /// The confirmation in `fields`: `password`.
    public init(fields: Wire.Fields) throws(Wire.FieldError) {
        self.init(password: try fields.text(CodingKeys.password))
    }
}

extension Wire.ChangePasswordRequest {
    /// The change in `fields`: `currentPassword`, then `newPassword`.
    public init(fields: Wire.Fields) throws(Wire.FieldError) {
        self.init(currentPassword: try fields.text(CodingKeys.currentPassword),
                  newPassword: try fields.text(CodingKeys.newPassword))
    }
}

extension Wire.CheckinBody {
    /// The check-in in `fields`: `date`, which `checkDay` judges (throwing what it refuses)
    /// before the ratings `energy`, `stress` and `social` (1–5) and the optional `key_contact`
    /// are read, so a refusal is about the first wrong field. Not yet validated as a `Checkin`
    /// (``checkin()`` does that).
    public init(fields: Wire.Fields, checkingDay checkDay: (LocalDay) throws -> Void) throws {
        date = try fields.day(CodingKeys.date)
        try checkDay(date)
        energy = try fields.integer(CodingKeys.energy, in: Checkin.scale)
        stress = try fields.integer(CodingKeys.stress, in: Checkin.scale)
        social = try fields.integer(CodingKeys.social, in: Checkin.scale)
        keyContact = try fields.optionalText(CodingKeys.keyContact)
    }
}

extension Wire.GoalBody {
    /// A goal to add, from `fields`: `title`, then the optional `description` and `id` (any
    /// text; whether it is a UUID is the server's to judge). `created_at` is not read: the
    /// server stamps a new goal itself.
    public init(fields: Wire.Fields) throws(Wire.FieldError) {
        title = try fields.text(CodingKeys.title)
        description = try fields.optionalText(CodingKeys.description)
        id = try fields.optionalText(CodingKeys.id)
        createdAt = nil
    }
}
