// The `main` executable: the app. Thin by design; the launch phases and commands live in AppCore.
import AppCore
import Bootstrap
#if canImport(Glibc)
import Glibc
#endif

// A write past RLIMIT_FSIZE must fail with EFBIG (and reach the "not enough free space" message),
// not kill the process with SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)
await CommandMain.run(MainCommand.self)
