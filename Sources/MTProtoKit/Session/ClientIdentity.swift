import TLSerialization
import TelegramApi

/// Who the client says it is in initConnection, and the layer it speaks: the wrapping every
/// first request on a connection carries (core.telegram.org/api/invoking#layers).
public struct ClientIdentity: Sendable {
    /// The application id from my.telegram.org; the test server accepts any.
    public var apiId: Int32
    public var deviceModel: String
    public var systemVersion: String
    public var appVersion: String
    public var systemLanguage: String
    public var languagePack: String
    public var language: String

    public init(apiId: Int32 = 0, deviceModel: String = "Linux", systemVersion: String = "Linux",
                appVersion: String = "0.1", systemLanguage: String = "en", languagePack: String = "", language: String = "en") {
        self.apiId = apiId
        self.deviceModel = deviceModel
        self.systemVersion = systemVersion
        self.appVersion = appVersion
        self.systemLanguage = systemLanguage
        self.languagePack = languagePack
        self.language = language
    }

    /// invokeWithLayer(layer, initConnection(…, query)).
    public func wrap<Query: TLFunction>(_ query: Query) -> Api.functions.InvokeWithLayer<Api.functions.InitConnection<Query>> {
        Api.functions.InvokeWithLayer(layer: Api.layer, query: Api.functions.InitConnection(
            apiId: apiId, deviceModel: deviceModel, systemVersion: systemVersion, appVersion: appVersion,
            systemLangCode: systemLanguage, langPack: languagePack, langCode: language, proxy: nil, params: nil, query: query))
    }
}
