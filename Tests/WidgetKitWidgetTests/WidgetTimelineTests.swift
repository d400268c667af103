import Foundation
import Testing
import Container
import Cryptography
import Formats
import Storage
@testable import WidgetKitWidget
import TestSupport

/// The widget's timeline from widget-data alone: states, family limits, links, staleness,
/// the words a row shows, and the picture handed to the drawing library.
@Suite("Widget: timeline entries")
struct WidgetTimelineTests {
    static let accountId: Int64 = -105_724_482_816_480_494
    static let accountPeerId: Int64 = 651_753_852
    static let now: Int32 = 1_795_318_000

    static func builder(_ family: WidgetPicture.Family = .medium, scheme: String = "tg") -> TimelineBuilder {
        TimelineBuilder(family: family, now: now, scheme: scheme, strings: WidgetPresentationData(strings: .english))
    }

    static func peer(_ id: Int64, name: String = "Anna", lastName: String? = "Smith", badge: Int = 0, muted: Bool = false,
                     message: WidgetDataPeer.Message? = nil) -> WidgetDataPeer {
        WidgetDataPeer(id: id, name: name, lastName: lastName, letters: [String(name.prefix(1)), String((lastName ?? "").prefix(1))],
                       avatarPath: nil, badge: badge > 0 ? .init(count: badge, isMuted: muted) : nil, message: message)
    }

    static func data(_ peers: [WidgetDataPeer], updated: Int32 = now - 60, accountId: Int64 = accountId) -> WidgetDataRead {
        .data(WidgetData(accountId: accountId, content: .peers(WidgetDataPeers(accountPeerId: accountPeerId, peers: peers, updateTimestamp: updated))))
    }

    static func json(_ timeline: WidgetTimeline) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(JSONFile.text(timeline).utf8)) as! [String: Any]
    }

    @Test func lockedShowsThePlaceholderAndNothingElse() throws {
        let timeline = Self.builder().locked()
        #expect(timeline.state == .locked)
        let json = try Self.json(timeline)
        #expect(Set(json.keys) == ["state", "family", "entries"])
        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(Set(entries[0].keys) == ["date", "text"])
        #expect(entries[0]["text"] as? String == "Unlock the app to use the widget")
        #expect(timeline.lines == ["Unlock the app to use the widget"])
    }

    @Test(arguments: [
        (nil, WidgetDataRead.missing, WidgetTimeline.EmptyReason.noAccount),
        (accountId, .missing, .noData),
        (accountId, .unreadable("not a TGWD file"), .unreadable),
        (accountId, data([peer(1)], accountId: 42), .otherAccount),
        (accountId, .data(WidgetData(accountId: accountId, content: .empty)), .noChats),
        (accountId, data([]), .noChats),
    ] as [(Int64?, WidgetDataRead, WidgetTimeline.EmptyReason)])
    func emptyStates(current: Int64?, read: WidgetDataRead, reason: WidgetTimeline.EmptyReason) throws {
        let timeline = Self.builder().build(currentAccountId: current, read: read)
        #expect(timeline.state == .empty)
        #expect(timeline.reason == reason)
        #expect(timeline.entry.chats == nil && timeline.accountId == nil)
        #expect(!(timeline.entry.text ?? "").isEmpty)
        if reason == .noChats { #expect(timeline.entry.text == "No chats yet") }
        #expect(timeline.lines.joined(separator: "\n").contains(reason.rawValue))
    }

    @Test(arguments: WidgetPicture.Family.allCases)
    func familyLimits(family: WidgetPicture.Family) {
        let peers = (0..<10).map { Self.peer(1_000_000 + Int64($0)) }
        let timeline = Self.builder(family).build(currentAccountId: Self.accountId, read: Self.data(peers))
        #expect(timeline.state == .chats)
        let expected = ["small": 1, "medium": 2, "large": 8][family.rawValue]!
        #expect(family.chatCount == expected)
        #expect(timeline.entry.chats?.map(\.peerId) == peers.prefix(expected).map(\.id), "in main's order")
        #expect(timeline.accountId == String(Self.accountId))
    }

    @Test func linksOpenTheChatInItsAccountExceptOnTheSmallWidget() {
        let read = Self.data([Self.peer(1_000_003)])
        let medium = Self.builder(.medium).build(currentAccountId: Self.accountId, read: read)
        #expect(medium.entry.chats?.first?.link == "tg://localpeer?id=1000003&accountId=\(Self.accountId)")
        let small = Self.builder(.small).build(currentAccountId: Self.accountId, read: read)
        #expect(small.entry.chats?.first?.link == "tg://")
        let custom = Self.builder(.large, scheme: "tgx").build(currentAccountId: Self.accountId, read: read)
        #expect(custom.entry.chats?.first?.link == "tgx://localpeer?id=1000003&accountId=\(Self.accountId)")
    }

    @Test(arguments: [(Int32(60), false), (3600, false), (6 * 86_400, false), (8 * 86_400, true), (-3600, true), (-60, false)] as [(Int32, Bool)])
    func staleDataGivesTheEmptyState(age: Int32, stale: Bool) {
        let timeline = Self.builder().build(currentAccountId: Self.accountId, read: Self.data([Self.peer(1)], updated: Self.now - age))
        #expect(timeline.state == (stale ? .empty : .chats))
        #expect((timeline.reason == .stale) == stale)
        if !stale { #expect(timeline.entry.updated == Self.now - age) }
    }

    /// Telegram's widget gradient: abs(accountPeerId + peerId) % 7, here for two chats.
    @Test func gradientIndexOfTwoPeers() {
        let read = Self.data([Self.peer(1_000_000), Self.peer(4_295_967_300)])
        let chats = Self.builder().build(currentAccountId: Self.accountId, read: read).entry.chats ?? []
        #expect(chats.map(\.gradientIndex) == [2, 3])   // (651753852 + 1000000) % 7, (651753852 + 4295967300) % 7
        #expect(AvatarGradientIndex.widget(accountPeerId: -5, peerId: 3) == 2)
        #expect(AvatarGradientIndex.widget(accountPeerId: -9, peerId: 1) == 1)
        #expect(AvatarGradientIndex.widget(accountPeerId: .max, peerId: 1) >= 0, "wraps instead of trapping")
    }

    @Test func rowWords() {
        let group = PeerId(namespace: .cloudGroup, id: 7).toInt64()
        let photo = WidgetDataPeer.Message(author: .init(isMe: false, title: "Boris Weber"), text: "", content: "image", timestamp: Self.now - 30)
        let mine = WidgetDataPeer.Message(author: .init(isMe: true, title: ""), text: "on my way", content: "text", timestamp: Self.now - 30)
        let read = Self.data([
            Self.peer(group, name: "Book Club", lastName: nil, badge: 3, muted: true, message: photo),
            Self.peer(1_000_001, message: mine),
            Self.peer(Self.accountPeerId, name: "Ada", lastName: "Lovelace"),
        ])
        let chats = Self.builder(.large).build(currentAccountId: Self.accountId, read: read).entry.chats ?? []
        #expect(chats.map(\.title) == ["Book Club", "Anna Smith", "Saved Messages"])
        #expect(chats.map(\.kind) == ["group", "user", "user"])
        #expect(chats[0].message?.author == "Boris Weber" && chats[0].message?.text == "Photo")
        #expect(chats[0].badge == .init(count: 3, muted: true))
        #expect(chats[1].message?.author == nil, "a private chat's author is obvious")
        #expect(chats[1].message?.text == "on my way" && chats[1].badge == nil)
        #expect(chats[2].savedMessages && !chats[0].savedMessages)
        #expect(WidgetChatText.author(mine, peerId: group) == "You")
        #expect(WidgetChatText.contentLabel("voiceMessage") == "Voice Message")
    }

    @Test func timeLabels() {
        let today = WidgetTime.label(Self.now - 60, now: Self.now)
        #expect(today.wholeMatch(of: /\d\d:\d\d/) != nil, "\(today)")
        #expect(LocalTime.weekdays.contains(WidgetTime.label(Self.now - 3 * 86_400, now: Self.now)))
        let old = WidgetTime.label(Self.now - 40 * 86_400, now: Self.now)
        #expect(old.wholeMatch(of: /\d\d\.\d\d\.\d\d/) != nil, "\(old)")
        #expect(WidgetTime.age(42) == "42 s" && WidgetTime.age(7200) == "2 h" && WidgetTime.age(9 * 86_400) == "9 days")
    }

    @Test func pictureFromTheTimeline() {
        let message = WidgetDataPeer.Message(author: nil, text: "see you at 6", content: "text", timestamp: Self.now - 60)
        let peers = (0..<4).map { Self.peer(1_000_000 + Int64($0), badge: $0, message: message) }
        let timeline = Self.builder(.medium).build(currentAccountId: Self.accountId, read: Self.data(peers))
        let picture = WidgetPictureBuilder.picture(timeline, appearance: .dark)
        #expect(picture.family == .medium && picture.appearance == .dark && picture.notice == nil)
        #expect(picture.rows.count == 2)
        #expect(picture.rows[1].badge == .init(count: 1, isMuted: false) && picture.rows[0].badge == nil)
        #expect(picture.rows[0].text == "see you at 6" && picture.rows[0].title == "Anna Smith")
        let locked = WidgetPictureBuilder.picture(Self.builder(.large).locked(), appearance: .light)
        #expect(locked.rows.isEmpty && locked.notice == "Unlock the app to use the widget")
    }

    @Test func widgetDataFileStates() throws {
        try withTemporaryDirectory("widget-data") { dir in
            let layout = ContainerLayout(containerPath: dir.path)
            try FileSystem.createDirectory(layout.rootPath)
            let key = DeviceKey(bytes: (0..<48).map { UInt8($0) })
            let file = WidgetDataFile(layout: layout, deviceKey: key)
            #expect(WidgetDataRead.read(file) == .missing)
            let data = WidgetData(accountId: Self.accountId, content: .empty)
            try file.write(data)
            #expect(WidgetDataRead.read(file) == .data(data))
            let foreign = WidgetDataFile(layout: layout, deviceKey: DeviceKey(bytes: (0..<48).map { UInt8(255 - $0) }))
            guard case .unreadable = WidgetDataRead.read(foreign) else { Issue.record("a foreign key opened it"); return }
            try Data((0..<300).map { _ in UInt8.random(in: 0...255) }).write(to: URL(fileURLWithPath: layout.widgetDataPath))
            guard case .unreadable = WidgetDataRead.read(file) else { Issue.record("random bytes were read"); return }
        }
    }
}
