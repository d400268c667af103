import TelegramApi

/// The parts of help.getConfig's answer a check reports.
struct ConfigSummary {
    let thisDc: Int32
    let dcOptions: Int
    let date: Int32

    init(_ config: Api.Config) {
        switch config {
        case .config(let fields):
            thisDc = fields.thisDc
            dcOptions = fields.dcOptions.count
            date = fields.date
        }
    }
}
