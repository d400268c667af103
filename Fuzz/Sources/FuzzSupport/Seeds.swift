#if canImport(Glibc)
import Glibc
#endif

/// The seed corpora in Fuzz/Corpus/<target>/ are made by the targets themselves, with the shipped
/// encoders and the fixed keys (a sealed request is only valid under the key it was sealed with).
/// `Scripts/fuzz --make-seeds` runs each target with FUZZ_WRITE_SEEDS=<dir>; the target's
/// LLVMFuzzerInitialize passes its examples here, which writes them and exits before fuzzing.
public enum Seeds {
    public static func writeIfRequested(_ make: () -> [(name: String, bytes: [UInt8])]) {
        guard let directory = getenv("FUZZ_WRITE_SEEDS").map({ String(cString: $0) }) else { return }
        let seeds = make()
        for seed in seeds {
            let file = ScratchFile(path: directory + "/" + seed.name)
            file.write(seed.bytes)
        }
        print("wrote \(seeds.count) seeds to \(directory)")
        exit(0)
    }
}
