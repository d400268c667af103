/// Turns one collected object of the export (a message, a contact, a profile picture, the
/// personal information) into its model, counting the fields it does not keep.
struct ExportUnitDecoder {
    /// `message.<key>`: N — fields read but not kept, and fields no reader knows.
    var notKept: [String: Int] = [:]
    /// Dates without `date_unixtime` are wall-clock times in the exporting machine's zone.
    let zone: ZoneInfo
    /// Messages dated from `date` alone.
    var localDates = 0
    var idStyle = ExportIdStyle.unknown

    init(zone: ZoneInfo) {
        self.zone = zone
    }

    mutating func personalInformation(_ object: JSONObject) throws -> ExportPersonalInfo {
        let f = ExportFields(object: object, what: "personal_information")
        let userId = try f.integer("user_id")
        if let userId, !ExportPeerRef.idRange.contains(userId) { throw f.fail("'user_id' \(userId) is out of range") }
        let info = ExportPersonalInfo(
            userId: userId, firstName: try f.string("first_name") ?? "", lastName: try f.string("last_name") ?? "",
            phoneNumber: try f.string("phone_number") ?? "",
            username: try f.string("username").map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 },
            bio: try f.string("bio").flatMap { $0.isEmpty ? nil : $0 })
        f.countUnread(prefix: "personal_information", into: &notKept)
        return info
    }

    mutating func contact(_ object: JSONObject) throws -> ExportContact {
        let f = ExportFields(object: object, what: "a contact")
        // 0 before April 2021, absent after: someone in the address book who is not on Telegram.
        let userId = try f.integer("user_id").flatMap { $0 == 0 ? nil : $0 }
        if let userId, !ExportPeerRef.idRange.contains(userId) { throw f.fail("'user_id' \(userId) is out of range") }
        f.markRead("date", "date_unixtime")
        let contact = ExportContact(userId: userId, firstName: try f.string("first_name") ?? "", lastName: try f.string("last_name") ?? "",
                                    phoneNumber: try f.string("phone_number") ?? "")
        f.countUnread(prefix: "contact", into: &notKept)
        return contact
    }

    mutating func profilePicture(_ object: JSONObject) throws -> ExportProfilePicture {
        let f = ExportFields(object: object, what: "a profile picture")
        guard let photo = try f.file("photo") else { throw f.fail("'photo' is missing") }
        let date = try instant(f, "date")?.value
        f.countUnread(prefix: "profile_picture", into: &notKept)
        return ExportProfilePicture(date: date, file: photo)
    }

    /// A time the writer puts under `key` (an ISO date) and, from June 2022, `key_unixtime`
    /// beside it: the Unix time when there is one, else the ISO date read in the import's zone
    /// (`isLocal`).
    func instant(_ f: ExportFields, _ key: String) throws -> (value: Int32, isLocal: Bool)? {
        if let unix = try f.unixTime(key + "_unixtime") {
            f.markRead(key)
            return (unix, false)
        }
        return try localDate(f, key).map { ($0, true) }
    }

    /// `key` as an ISO wall-clock time in the import's zone.
    func localDate(_ f: ExportFields, _ key: String) throws -> Int32? {
        guard let text = try f.string(key) else { return nil }
        guard let local = ExportDate.parse(text) else { throw f.fail("'\(key)' should be a date like 2019-03-01T12:34:56, not \"\(text.prefix(32))\"") }
        let instant = zone.instant(local: local)
        guard instant >= 0 && instant <= Int64(Int32.max) else { throw f.fail("'\(key)' \(text) is out of range") }
        return Int32(instant)
    }
}

/// `date` as exports before June 2022 write it (and beside `date_unixtime` after): Qt's ISO date,
/// "2019-03-01T12:34:56", in the exporting machine's local time with no zone written. Returns the
/// wall-clock time as seconds since 1970 read as if UTC; the zone makes it an instant.
enum ExportDate {
    static func parse(_ text: String) -> Int64? {
        let digits = text.split(whereSeparator: { !$0.isASCII || !$0.isNumber }).compactMap { Int($0) }
        guard digits.count == 6 else { return nil }
        let (y, mo, d, h, mi, s) = (digits[0], digits[1], digits[2], digits[3], digits[4], digits[5])
        guard (1970...2100).contains(y), (1...12).contains(mo), (1...CivilDate.monthLength(year: y, month: mo)).contains(d),
              h < 24, mi < 60, s < 61 else { return nil }
        return CivilDate.days(year: y, month: mo, day: d) * 86_400 + Int64(h * 3_600 + mi * 60 + s)
    }
}
