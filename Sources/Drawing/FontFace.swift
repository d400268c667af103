internal import CCairo
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Cairo font face over a FreeType face that stays open for the life of the process.
/// Cairo font faces are reference counted and safe to share between threads.
struct FontFace: @unchecked Sendable, Equatable {
    let cairoFace: OpaquePointer
    let path: String
    /// A colour (emoji) font, preferred for characters that default to emoji presentation.
    let isColour: Bool
}

/// Opens font files once per process and hands out their Cairo faces.
///
/// Faces are cached and never closed: each process draws with at most a few, and reopening a face
/// per picture would re-read its tables. FreeType needs `FT_New_Face` calls on one library to be
/// serialised, hence the lock.
final class FontLibrary: Sendable {
    static let shared = FontLibrary()

    private struct State {
        var library: FT_Library?
        var primary: [FontWeight: FontFace] = [:]
        var fallbacks: [FontWeight: [FontFace]] = [:]
    }

    private let state = Mutex(State())

    /// The face every text of this weight starts with.
    func primary(_ weight: FontWeight) throws -> FontFace {
        try state.withLock { state throws(DrawingError) -> FontFace in
            if let face = state.primary[weight] { return face }
            for path in FontFiles.primary(weight) {
                if let face = Self.open(path: path, index: 0, library: &state.library) {
                    state.primary[weight] = face
                    return face
                }
            }
            if let match = FontFiles.fontconfigMatch(weight),
               let face = Self.open(path: match.path, index: match.index, library: &state.library) {
                state.primary[weight] = face
                return face
            }
            throw DrawingError(.fontUnavailable,
                               "no font found: install fonts-dejavu-core (looked in \(FontFiles.primary(weight)[0]) and asked fontconfig)")
        }
    }

    /// Faces for characters the primary lacks, opened on first use; empty when none are installed.
    func fallbacks(_ weight: FontWeight) -> [FontFace] {
        state.withLock { state -> [FontFace] in
            if let faces = state.fallbacks[weight] { return faces }
            let primaryPath = state.primary[weight]?.path
            var faces: [FontFace] = []
            for candidate in FontFiles.fallbacks(weight) where candidate.path != primaryPath {
                if let face = Self.open(path: candidate.path, index: candidate.index, library: &state.library) {
                    faces.append(face)
                }
            }
            state.fallbacks[weight] = faces
            return faces
        }
    }

    private static func open(path: String, index: Int, library: inout FT_Library?) -> FontFace? {
        guard access(path, R_OK) == 0 else { return nil }
        if library == nil {
            var created: FT_Library?
            guard FT_Init_FreeType(&created) == 0, let created else { return nil }
            library = created
        }
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        // A face without a Unicode character map can't turn text into glyphs.
        guard face.pointee.charmap != nil else {
            FT_Done_Face(face)
            return nil
        }
        // Colour (emoji) fonts only draw in colour when FreeType is asked to load colour glyphs.
        let isColour = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        let loadFlags = isColour ? Int32(FT_LOAD_COLOR) : 0
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(face, loadFlags) else {
            FT_Done_Face(face)
            return nil
        }
        guard cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            FT_Done_Face(face)
            return nil
        }
        return FontFace(cairoFace: cairoFace, path: path, isColour: isColour)
    }
}
