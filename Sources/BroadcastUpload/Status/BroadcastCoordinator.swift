import BroadcastIPC

/// The coordination files the status machine reads and writes: in the extension, a
/// `CoordinationDirectory`; in tests, memory.
public protocol BroadcastCoordinator {
    func readPayloadDescription() -> CoordinationRead<PayloadDescription>
    func readCutoff() -> CoordinationRead<CutoffPayload>
    func readJoinResponse() -> CoordinationRead<JoinResponsePayload>
    func writeKeepalive(_ value: KeepaliveInfo) throws
    func writeJoinPayload(_ value: JoinPayload) throws
    func removeKeepalive()
}

extension CoordinationDirectory: BroadcastCoordinator {}
