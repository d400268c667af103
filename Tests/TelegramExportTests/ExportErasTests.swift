import Testing
@testable import TelegramExport

/// What Telegram Desktop's writer has written over the years (ExportLegacyIds' history) reads as
/// the same peers, ids and instants.
@Suite("Export eras: ids, dates and fields of every writer version")
struct ExportErasTests {
    static let chatHeader = #"{"chats": {"list": [{"name": "Grace", "type": "personal_chat", "id": "#

    @Test("2018-12 to 2021-04: shifted chat ids and numeric from_ids name the same peers as today's strings")
    func numericIds() throws {
        let json = #"""
        {"chats": {"list": [
          {"name": "Grace", "type": "personal_chat", "id": 4295167297, "messages": [
            {"id": 1, "type": "message", "date": "2019-07-01T12:00:00", "from": "Grace", "from_id": 200001, "text": "a"}]},
          {"name": "Physics", "type": "private_supergroup", "id": 10002534295, "messages": [
            {"id": -999681092, "type": "service", "date": "2020-11-01T09:00:00", "actor": "Ada", "actor_id": 4300517297, "action": "invite_members", "members": ["Grace"], "text": ""},
            {"id": 17, "type": "message", "date": "2020-11-02T09:00:00", "from": "Physics", "from_id": 10002534295, "reply_to_message_id": -999681092, "reply_to_peer_id": 8589934692, "text": "b"}]},
          {"name": "Club", "type": "private_group", "id": 8589935369, "messages": [
            {"id": 3, "type": "message", "date": "2020-11-02T09:00:00", "from": "Club", "from_id": 8589935369, "text": "c"}]}
        ]}}
        """#
        let (r, summary) = try read(json)
        #expect(r.events.filter { $0.hasPrefix("chat") } == ["chat personal_chat 200001", "chat private_supergroup 1412599703", "chat private_group 777"])
        #expect(r.messages[0].fromId == ExportPeerRef(kind: .user, id: 200001))
        #expect(r.messages[1].id == -999_681_092 && r.messages[1].fromId == ExportPeerRef(kind: .user, id: 5_550_001))
        #expect(r.messages[2].fromId == ExportPeerRef(kind: .channel, id: 1_412_599_703))
        #expect(r.messages[2].reply == ExportReply(id: -999_681_092, peer: ExportPeerRef(kind: .channel, id: 100)))
        // A basic group's own shifted id as a sender is the group itself.
        #expect(r.messages[3].fromId == ExportPeerRef(kind: .chat, id: 777))
        #expect(summary.localDates == 4 && summary.fieldsNotKept.isEmpty)
    }

    @Test("A one-to-one chat's id in the shifted range is bare when the export writes string ids")
    func bigUserIdsToday() throws {
        let json = Self.chatHeader + #"5000000000, "messages": [{"id": 1, "type": "message", "date_unixtime": "1700000000", "from_id": "user5000000000", "text": "x"}]}]}}"#
        let (r, _) = try read(json)
        #expect(r.events.first == "chat personal_chat 5000000000")
    }

    @Test("Before December 2018: no ids at all; chats get a stable id of their own, senders keep their names")
    func noIds() throws {
        let json = #"{"personal_information": {"first_name": "Ada", "last_name": "L", "phone_number": "+1"}, "chats": {"list": [{"name": "Grace", "type": "personal_chat", "messages": [{"id": 1, "type": "message", "date": "2018-07-01T12:00:00", "from": "Grace", "text": "hi"}]}]}}"#
        let (r, _) = try read(json)
        let (again, _) = try read(json)
        #expect(r.info?.userId == nil)
        #expect(r.events == again.events)
        let chatId = try #require(Int64(r.events[1].split(separator: " ")[2]))
        #expect(chatId >= 1 << 48 && chatId < 1 << 52)
        #expect(r.messages[0].fromId == nil && r.messages[0].fromName == "Grace")
    }

    @Test("Contacts not on Telegram: user_id 0 (before 2021) or none (after)")
    func contactsWithoutTelegram() throws {
        let json = #"{"contacts": {"list": [{"user_id": 0, "first_name": "A", "last_name": "", "phone_number": "+1"}, {"first_name": "B", "last_name": "", "phone_number": "+2"}, {"user_id": 9, "first_name": "C", "last_name": "", "phone_number": "+3"}]}}"#
        let (r, _) = try read(json)
        #expect(r.contacts.map(\.userId) == [nil, nil, 9])
    }

    @Test("Dates without date_unixtime are read in the export's zone, across daylight saving time")
    func localDates() throws {
        let berlin = try ZoneInfo.named("Europe/Berlin")
        let json = Self.chatHeader + #"42, "messages": [{"id": 1, "type": "message", "date": "2021-01-15T12:00:00", "edited": "2021-07-15T12:00:00", "from_id": "user42", "text": "x"}]}]}}"#
        let (r, summary) = try read(json, zone: berlin)
        #expect(r.messages[0].date == 1_610_708_400)  // 11:00 UTC in winter (CET)
        #expect(r.messages[0].edited == 1_626_343_200)  // 10:00 UTC in summer (CEST)
        #expect(summary.localDates == 1)
        #expect(r.messages[0].dateIsLocal)
    }

    @Test("Zones: IANA names, offsets, the hour repeated in autumn (the first instant) and the one skipped in spring")
    func zones() throws {
        let berlin = try ZoneInfo.named("Europe/Berlin")
        // 2021-10-31 02:30 happened twice: first at 00:30 UTC (CEST), then 01:30 UTC (CET).
        #expect(berlin.instant(local: 1_635_647_400) == 1_635_640_200)
        // 2021-03-28 02:30 never happened: read with the offset before the jump (CET) → 01:30 UTC.
        #expect(berlin.instant(local: 1_616_898_600) == 1_616_895_000)
        #expect(try ZoneInfo.named("+05:30").instant(local: 19_800) == 0)
        #expect(try ZoneInfo.named("-0300").offset(at: 0) == -10_800)
        #expect(try ZoneInfo.named("UTC").offset(at: 0) == 0)
        for bad in ["Mars/Olympus", "../../etc/passwd", "+25:00", "", "/etc/localtime", "+1:5"] {
            #expect(throws: ZoneInfo.ParseError.self) { try ZoneInfo.named(bad) }
        }
        // The rule after a file's last transition (slim TZif files rely on it).
        let rule = try #require(PosixZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(rule.offset(at: 2_000_000_000) == 7_200)  // 2033-05-18: summer (CEST)
        #expect(rule.offset(at: 1_700_000_000 + 86_400 * 365 * 10) == 3_600)  // November 2033: winter (CET)
        let south = try #require(PosixZoneRule("<-03>3"))
        #expect(south.offset(at: 0) == -10_800)
        #expect(PosixZoneRule("nonsense,,") == nil)
    }

    @Test("Every field a message has is kept or counted as not kept, by name")
    func fieldsKeptOrCounted() throws {
        let json = Self.chatHeader + #"""
        42, "messages": [{"id": 1, "type": "message", "date_unixtime": "1700000000", "date": "2023-11-14T22:13:20",
          "from": "Grace", "from_id": "user42", "via_bot": "@gif", "author": "Ed", "forwarded_from": null, "saved_from": "News",
          "poll": {"question": "Lunch?", "closed": true, "total_voters": 3, "answers": [{"text": "Yes", "voters": 3, "chosen": true}]},
          "reactions": [{"type": "emoji", "count": 2, "emoji": "👍", "recent": [{"from": "A", "from_id": "user1", "date": "x"}]}, {"type": "paid", "count": 1}],
          "inline_bot_buttons": [[{"type": "callback", "text": "Vote", "dataBase64": "AQI", "data": ""}]],
          "giveaway_information": {"quantity": 3},
          "text": ""},
          {"id": 2, "type": "service", "date_unixtime": "1700000001", "actor": "Grace", "actor_id": "user42", "action": "pin_message", "message_id": 1, "reply_to_peer_id": "channel5", "text": ""}]}]}}
        """#
        let (r, summary) = try read(json)
        let poll = r.messages[0]
        #expect(poll.viaBot == "@gif" && poll.signature == "Ed" && poll.forward == ExportForward(name: nil, fromId: nil, savedFrom: "News"))
        #expect(poll.attachment == .poll(question: "Lunch?", answers: [.init(text: "Yes", voters: 3, chosen: true)], totalVoters: 3, closed: true))
        #expect(poll.reactions.map(\.count) == [2, 1] && poll.buttons.first?.first == ExportButton(type: "callback", text: "Vote", data: "AQI"))
        #expect(summary.fieldsNotKept == ["message.giveaway_information": 1])
        let pin = r.messages[1]
        #expect(pin.action == "pin_message" && pin.actionText("message_id") == "1" && pin.actionText("reply_to_peer_id") == "channel5")
    }
}
