import Formats

/// A user, group, channel or secret chat. Everything but the id is content and is sealed at rest.
public struct Peer: BinaryCodable, Equatable, Sendable {
    public var id: PeerId
    public var firstName: String
    public var lastName: String
    /// Group or channel title; for a secret chat, empty (the title is the other user's name).
    public var title: String
    public var username: String?
    public var phone: String?
    public var isContact: Bool
    public var isDeleted: Bool
    /// For a secret chat: the user on the other side.
    public var associatedPeerId: PeerId?
    /// MediaBox resource id of the profile photo, when one was fetched.
    public var photoResourceId: String?
    /// A user's bio (Telegram's CachedUserData.about).
    public var about: String?
    /// A group's or channel's kind and the account's rights in it, as the server last said.
    public var rights: PeerRights = []
    /// A group's or channel's members (subscribers), as the server last said; nil: not known.
    public var memberCount: Int32?

    public init(id: PeerId, firstName: String = "", lastName: String = "", title: String = "", username: String? = nil,
                phone: String? = nil, isContact: Bool = false, isDeleted: Bool = false, associatedPeerId: PeerId? = nil,
                photoResourceId: String? = nil) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.title = title
        self.username = username
        self.phone = phone
        self.isContact = isContact
        self.isDeleted = isDeleted
        self.associatedPeerId = associatedPeerId
        self.photoResourceId = photoResourceId
    }

    public var isUser: Bool { id.namespace == .cloudUser }
    public var isSecretChat: Bool { id.namespace == .secretChat }

    /// The name shown for the peer: "First Last" for users, the title for groups and channels.
    public var displayTitle: String {
        if isDeleted { return "Deleted Account" }
        if !title.isEmpty { return title }
        return lastName.isEmpty ? firstName : (firstName.isEmpty ? lastName : firstName + " " + lastName)
    }

    /// Up to two initials, as avatars draw them.
    public var displayLetters: [String] {
        if isDeleted { return [] }
        if !title.isEmpty {
            let words = title.split(separator: " ").prefix(2)
            return words.compactMap { $0.first.map { String($0).uppercased() } }
        }
        return [firstName, lastName].compactMap { $0.first.map { String($0).uppercased() } }
    }

    public func encode(to w: inout BinaryWriter) {
        // Version 2 adds the bio, version 3 the rights, version 4 the member count; a peer is
        // written as the oldest version that holds it.
        let version: UInt8 = memberCount != nil ? 4 : !rights.isEmpty ? 3 : about != nil ? 2 : 1
        w.write(version)
        w.write(id.toInt64())
        w.write(firstName)
        w.write(lastName)
        w.write(title)
        w.writeOptional(username)
        w.writeOptional(phone)
        w.write(isContact)
        w.write(isDeleted)
        w.write(associatedPeerId != nil)
        if let associatedPeerId { w.write(associatedPeerId.toInt64()) }
        w.writeOptional(photoResourceId)
        switch version {
        case 3, 4:
            w.writeOptional(about)
            w.write(Int32(bitPattern: rights.rawValue))
            if let memberCount { w.write(memberCount) }
        case 2: w.write(about ?? "")
        default: break
        }
    }

    public init(from r: inout BinaryReader) throws {
        let version = try r.readUInt8()
        guard (1...4).contains(version) else { throw BinaryReader.Truncated() }
        id = PeerId(try r.readInt64())
        firstName = try r.readString()
        lastName = try r.readString()
        title = try r.readString()
        username = try r.readOptionalString()
        phone = try r.readOptionalString()
        isContact = try r.readBool()
        isDeleted = try r.readBool()
        associatedPeerId = try r.readBool() ? PeerId(try r.readInt64()) : nil
        photoResourceId = try r.readOptionalString()
        switch version {
        case 3, 4:
            about = try r.readOptionalString()
            rights = PeerRights(rawValue: UInt32(bitPattern: try r.readInt32()))
            memberCount = version == 4 ? try r.readInt32() : nil
        case 2: about = try r.readString()
        default: about = nil
        }
    }
}
