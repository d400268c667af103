/// Telegram's AccountAuxiliaryMethods. The app registers real resource fetching, thumbnail
/// preparation and background upload; every extension passes this same stub, because extensions
/// only read what the app already fetched.
public struct AccountAuxiliaryMethods: Sendable {
    public let fetchResource: @Sendable (_ resourceId: String) -> [UInt8]?
    public let prepareSecretThumbnailData: @Sendable (_ resourceId: String) -> [UInt8]?
    public let backgroundUpload: @Sendable (_ path: String) -> String?

    public init(fetchResource: @escaping @Sendable (String) -> [UInt8]?,
                prepareSecretThumbnailData: @escaping @Sendable (String) -> [UInt8]?,
                backgroundUpload: @escaping @Sendable (String) -> String?) {
        self.fetchResource = fetchResource
        self.prepareSecretThumbnailData = prepareSecretThumbnailData
        self.backgroundUpload = backgroundUpload
    }

    public static let extensionStub = AccountAuxiliaryMethods(
        fetchResource: { _ in nil }, prepareSecretThumbnailData: { _ in nil }, backgroundUpload: { _ in nil })
}
