internal import CCairo

/// The two weights the Drawing module draws with.
enum FontWeight: Sendable, Hashable {
    case regular
    case bold
}

/// Where fonts are looked for, and in which order.
///
/// Fixed paths first, opened with FreeType directly: fontconfig's toy-API path loads its XML
/// configuration and cache into every process that draws text, which measured ≈ 0.5 MiB more peak
/// RSS here with only the DejaVu fonts installed (and grows with every font on the machine).
/// fontconfig is asked once, only when none of the fixed files exists.
enum FontFiles {
    /// The first of these that opens is the primary face. DejaVu Sans (Debian's `fonts-dejavu-core`)
    /// covers Latin, Greek, Cyrillic, Hebrew and Arabic (with presentation forms), which is most names.
    static func primary(_ weight: FontWeight) -> [String] {
        switch weight {
        case .regular:
            return [
                "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",            // Debian, Ubuntu
                "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",          // Fedora
                "/usr/share/fonts/TTF/DejaVuSans.ttf",                        // Arch
                "/usr/share/fonts/dejavu/DejaVuSans.ttf",                     // Alpine, older Fedora
                "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",        // fonts-noto-core
                "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
            ]
        case .bold:
            return [
                "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf",
                "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
                "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
                "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
                "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
            ]
        }
    }

    /// Tried, in order, for characters the primary face lacks; missing files are skipped and only
    /// opened the first time such a character turns up.
    static func fallbacks(_ weight: FontWeight) -> [(path: String, index: Int)] {
        let cjk = weight == .bold
            ? "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
            : "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        return [
            ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0),            // bold lacks a few glyphs regular has
            (cjk, 0),                                                          // fonts-noto-cjk
            ("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", 0),          // fonts-noto-color-emoji
            ("/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf", 0),
        ]
    }

    /// One fontconfig match for "sans-serif" at the weight: the last resort when no fixed path exists.
    static func fontconfigMatch(_ weight: FontWeight) -> (path: String, index: Int)? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        let added = "sans-serif".withCString { family in
            family.withMemoryRebound(to: FcChar8.self, capacity: 11) { FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        guard added != 0 else { return nil }
        FcPatternAddInteger(pattern, FC_WEIGHT, weight == .bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let path = file.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
        return (path, Int(index))
    }
}
