import Foundation
import Testing
import Container
@testable import Formats
import TestSupport

@Suite("Shared JSON formats")
struct FormatsTests {
    @Test func jsonFileWritesSortedCompactJSONAtomically() throws {
        try withTemporaryDirectory("json") { dir in
            let path = dir.sub("interface.json")
            try JSONFile.write(InterfaceSettings(showCallsTab: false, autolockTimeout: 60), to: path)
            #expect(String(decoding: fileBytes(path) ?? [], as: UTF8.self) == #"{"autolockTimeout":60,"showCallsTab":false}"#)
            #expect(fileMode(path) == 0o600)
            #expect(try JSONFile.read(InterfaceSettings.self, from: path) == InterfaceSettings(showCallsTab: false, autolockTimeout: 60))
            #expect(FileSystem.listDirectory(dir.path) == ["interface.json"])
        }
    }

    @Test func jsonFileReadHonoursTheLimitAndRejectsWrongTypes() throws {
        try withTemporaryDirectory("json") { dir in
            let path = dir.sub("f.json")
            try JSONFile.write(InAppNotificationSettings.defaultSettings, to: path)
            #expect(throws: SystemError.self) { try JSONFile.read(InAppNotificationSettings.self, from: path, limit: 10) }
            #expect(throws: DecodingError.self) { try JSONFile.read(InterfaceSettings.self, from: path) }
            #expect(throws: SystemError.self) { try JSONFile.read(InterfaceSettings.self, from: dir.sub("missing.json")) }
        }
    }

    @Test func jsonTextIsPrettyAndDoesNotEscapeSlashes() throws {
        struct Path: Encodable { let b = "a/b"; let a = 1 }
        #expect(try JSONFile.text(Path()) == "{\n  \"a\" : 1,\n  \"b\" : \"a/b\"\n}")
    }

    @Test func notificationsPresentationDataCarriesTelegramsKeys() throws {
        let data = NotificationsPresentationData(strings: .english)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(data)) as? [String: String])
        #expect(object == ["applicationLockedMessageString": "You have a new message",
                           "incomingCallString": "is calling you"])
    }

    @Test func presentationStringsRoundTrip() throws {
        let strings = PresentationStrings(languageCode: "de", applicationLockedMessageString: "Neue Nachricht",
                                          incomingCallString: "ruft an", widgetLockedString: "Gesperrt",
                                          widgetEmptyString: "Leer", commonBack: "Zurück", commonClose: "Schließen")
        #expect(try JSONDecoder().decode(PresentationStrings.self, from: JSONEncoder().encode(strings)) == strings)
        #expect(PresentationStrings.english.languageCode == "en")
        // A file from before the bar's strings existed reads them as English.
        let older = #"{"languageCode":"de","applicationLockedMessageString":"a","incomingCallString":"b","widgetLockedString":"c","widgetEmptyString":"d"}"#
        let decoded = try JSONDecoder().decode(PresentationStrings.self, from: Data(older.utf8))
        #expect(decoded.commonBack == "Back" && decoded.commonClose == "Close" && decoded.languageCode == "de")
    }

    @Test func settingsDefaults() throws {
        let d = InAppNotificationSettings.defaultSettings
        #expect(d.playSounds && !d.vibrate && d.displayPreviews && d.displayNameOnLockscreen)
        #expect(d.totalUnreadCountDisplayCategory == "messages")
        #expect(!d.totalUnreadCountIncludeMuted)
        #expect(InterfaceSettings.defaultSettings == InterfaceSettings(showCallsTab: true, autolockTimeout: 3600))
        let keys = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(d)) as? [String: Any]).keys
        #expect(Set(keys) == ["playSounds", "vibrate", "displayPreviews", "displayNameOnLockscreen",
                              "displayNotificationsFromAllAccounts", "totalUnreadCountDisplayCategory",
                              "totalUnreadCountIncludeMuted"])
    }
}

@Suite("Numbers and durations for people")
struct DecimalTextTests {
    @Test func hundredthsRoundAndKeepTheSign() {
        #expect(DecimalText.hundredths(0.6371132939999999) == "0.64")
        #expect(DecimalText.hundredths(12.3) == "12.30")
        #expect(DecimalText.hundredths(-0.05) == "-0.05")
        #expect(DecimalText.hundredths(-1.5) == "-1.50")
        #expect(DecimalText.hundredths(-0.001) == "0.00")
        #expect(DecimalText.hundredths(.nan) == "?")
    }

    @Test func durationsReadAsPeopleSayThem() {
        #expect(DurationText.text(seconds: 0.6371132939999999) == "0.64 s")
        #expect(DurationText.text(seconds: 10) == "10 s")
        #expect(DurationText.text(seconds: 125.4) == "2 min 5 s")
        #expect(DurationText.text(seconds: 3720) == "1 h 2 min")
        #expect(DurationText.text(milliseconds: 3.071) == "3.07 ms")
    }
}
