import AppCore
import ArgumentParser
import CommandLineSupport

/// `main call`: a group call that accepts a screencast from the broadcast extension.
struct CallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Run a group call that accepts a screen broadcast from the `broadcast` extension.",
        discussion: """
        The app's side of Telegram's broadcast IPC. `main call start --peer ID` starts a call in the \
        running app (`main run`), or makes this process the app for the call when none runs. The \
        call writes telegram-data/broadcast-coordination-type ("inProcess", or "ipc" with \
        --embedded), then in broadcast-coordination/ (embedded-broadcast-coordination/ with \
        --embedded) rewrites currentPayloadDescription.json {id, timestamp} every second, reads the \
        extension's keepaliveInfo.json (active: same id, at most 2 s old), reads and verifies \
        frames from the shared frame ring, reads the audio FIFO, and writes call-stats.json every \
        second. In-process, the app creates the ring 0-data-<id> and the FIFO 0-audio-<id> before \
        the first payload description. Embedded, it answers the extension's joinPayload.json with \
        joinResponsePayload.json {id, string}, where string is {"accepted":true,"sink":"0-sink-<id>"} \
        (or {"accepted":false,"error":"…"}), and reads the ring the extension creates under that name.

        `main call stop-screencast` writes cutoffPayload.json {id, timestamp}: the extension ends \
        its capture; the call goes on. `main call end` ends the call: final statistics, the ring, \
        FIFO and sink removed, the payload description left to go stale. One call at a time; \
        stop-screencast and end without a call fail with "no call is running" (exit 1). \
        `main status` shows the call too.
        """,
        subcommands: [Start.self, StopScreencast.self, End.self, Stats.self])
}
