/// What `configure --select` and `--clear` did, for `--json`.
struct SelectionReport: Encodable {
    struct Chosen: Encodable {
        let peerId: Int64
        let title: String
    }

    let status: String
    let accountId: String
    let peers: [Chosen]
}
