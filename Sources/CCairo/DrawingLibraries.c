// Drawing's libraries, loaded on first use.
//
// Why: Cairo pulls in a dozen shared libraries (pixman, FreeType, fontconfig, libpng, expat,
// X11/xcb, ...). Linked normally, every process that links Drawing would map and relocate them
// all at start — notify-service delivering from a cached avatar, a widget timeline, a locked app —
// though most runs never draw. A Swift plugin dlopen'd on first use would not do: the executables
// link the Swift runtime statically (docs/linking.md), and a plugin would bring a second one into
// the process, which is unsound (two metadata caches and conformance tables for the same types).
//
// So Drawing's Swift code is linked into the executables that draw, and these C libraries are
// loaded under it on first use: this file defines every Cairo, FreeType and fontconfig function
// Drawing calls, with the header's own prototype (the compiler checks each against it), and each
// definition calls the real function through a table that tg_drawing_libraries_load() fills with
// dlopen + dlsym. Nothing links -lcairo, so a function Drawing starts calling without an entry
// here fails the link (undefined symbol), never silently links the library at start. The
// definitions are hidden: were one exported (the toolchain's static-stdlib flags export the
// program's symbols; Package.swift turns that off, but tests and tools may link otherwise), an
// `cairo_create` of ours would be what libcairo's own calls bind to (and a library constructor
// calling its own function during dlopen would re-enter the loader).
//
// The same job as Implib.so (github.com/yugr/Implib.so) or Solaris' -z lazyload, in ~80
// checked lines (the list below came from the headers once; the compiler and the linker keep it
// honest) instead of a build-time generator.
#include "CCairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

// Every function Drawing calls: FUNC(library, return type, name, parameters, arguments), VOID for
// those returning nothing.
#define DRAWING_FUNCTIONS(FUNC, VOID) \
    FUNC(freetype, FT_Error, FT_Done_Face, (FT_Face face), (face)) \
    FUNC(freetype, FT_Error, FT_Init_FreeType, (FT_Library *alibrary), (alibrary)) \
    FUNC(freetype, FT_Error, FT_New_Face, (FT_Library library, const char* filepathname, FT_Long face_index, FT_Face *aface), (library, filepathname, face_index, aface)) \
    FUNC(fontconfig, FcBool, FcConfigSubstitute, (FcConfig *config, FcPattern *p, FcMatchKind kind), (config, p, kind)) \
    VOID(fontconfig, FcDefaultSubstitute, (FcPattern *pattern), (pattern)) \
    FUNC(fontconfig, FcPattern *, FcFontMatch, (FcConfig *config, FcPattern *p, FcResult *result), (config, p, result)) \
    FUNC(fontconfig, FcBool, FcPatternAddInteger, (FcPattern *p, const char *object, int i), (p, object, i)) \
    FUNC(fontconfig, FcBool, FcPatternAddString, (FcPattern *p, const char *object, const FcChar8 *s), (p, object, s)) \
    FUNC(fontconfig, FcPattern *, FcPatternCreate, (void), ()) \
    VOID(fontconfig, FcPatternDestroy, (FcPattern *p), (p)) \
    FUNC(fontconfig, FcResult, FcPatternGetInteger, (const FcPattern *p, const char *object, int n, int *i), (p, object, n, i)) \
    FUNC(fontconfig, FcResult, FcPatternGetString, (const FcPattern *p, const char *object, int n, FcChar8 ** s), (p, object, n, s)) \
    VOID(cairo, cairo_arc, (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2), (cr, xc, yc, radius, angle1, angle2)) \
    VOID(cairo, cairo_clip, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_close_path, (cairo_t *cr), (cr)) \
    FUNC(cairo, cairo_t *, cairo_create, (cairo_surface_t *target), (target)) \
    VOID(cairo, cairo_destroy, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_fill, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_fill_preserve, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_font_face_destroy, (cairo_font_face_t *font_face), (font_face)) \
    FUNC(cairo, cairo_status_t, cairo_font_face_status, (cairo_font_face_t *font_face), (font_face)) \
    FUNC(cairo, cairo_font_options_t *, cairo_font_options_create, (void), ()) \
    VOID(cairo, cairo_font_options_destroy, (cairo_font_options_t *options), (options)) \
    VOID(cairo, cairo_font_options_set_antialias, (cairo_font_options_t *options, cairo_antialias_t antialias), (options, antialias)) \
    VOID(cairo, cairo_font_options_set_hint_metrics, (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics), (options, hint_metrics)) \
    VOID(cairo, cairo_font_options_set_hint_style, (cairo_font_options_t *options, cairo_hint_style_t hint_style), (options, hint_style)) \
    FUNC(cairo, cairo_font_face_t *, cairo_ft_font_face_create_for_ft_face, (FT_Face face, int load_flags), (face, load_flags)) \
    FUNC(cairo, cairo_pattern_t *, cairo_get_source, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_glyph_free, (cairo_glyph_t *glyphs), (glyphs)) \
    FUNC(cairo, cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), (format, width, height)) \
    FUNC(cairo, cairo_surface_t *, cairo_image_surface_create_from_png_stream, (cairo_read_func_t read_func, void *closure), (read_func, closure)) \
    FUNC(cairo, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface)) \
    FUNC(cairo, cairo_format_t, cairo_image_surface_get_format, (cairo_surface_t *surface), (surface)) \
    FUNC(cairo, int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface)) \
    FUNC(cairo, int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface)) \
    FUNC(cairo, int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface)) \
    VOID(cairo, cairo_line_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
    VOID(cairo, cairo_matrix_init_identity, (cairo_matrix_t *matrix), (matrix)) \
    VOID(cairo, cairo_matrix_init_scale, (cairo_matrix_t *matrix, double sx, double sy), (matrix, sx, sy)) \
    VOID(cairo, cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
    VOID(cairo, cairo_new_path, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_new_sub_path, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_paint, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_pattern_add_color_stop_rgb, (cairo_pattern_t *pattern, double offset, double red, double green, double blue), (pattern, offset, red, green, blue)) \
    FUNC(cairo, cairo_pattern_t *, cairo_pattern_create_linear, (double x0, double y0, double x1, double y1), (x0, y0, x1, y1)) \
    VOID(cairo, cairo_pattern_destroy, (cairo_pattern_t *pattern), (pattern)) \
    VOID(cairo, cairo_pattern_set_extend, (cairo_pattern_t *pattern, cairo_extend_t extend), (pattern, extend)) \
    VOID(cairo, cairo_pattern_set_filter, (cairo_pattern_t *pattern, cairo_filter_t filter), (pattern, filter)) \
    FUNC(cairo, cairo_status_t, cairo_pattern_status, (cairo_pattern_t *pattern), (pattern)) \
    VOID(cairo, cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height)) \
    VOID(cairo, cairo_rel_curve_to, (cairo_t *cr, double dx1, double dy1, double dx2, double dy2, double dx3, double dy3), (cr, dx1, dy1, dx2, dy2, dx3, dy3)) \
    VOID(cairo, cairo_rel_line_to, (cairo_t *cr, double dx, double dy), (cr, dx, dy)) \
    VOID(cairo, cairo_reset_clip, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_restore, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_save, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy)) \
    FUNC(cairo, cairo_scaled_font_t *, cairo_scaled_font_create, (cairo_font_face_t *font_face, const cairo_matrix_t *font_matrix, const cairo_matrix_t *ctm, const cairo_font_options_t *options), (font_face, font_matrix, ctm, options)) \
    VOID(cairo, cairo_scaled_font_destroy, (cairo_scaled_font_t *scaled_font), (scaled_font)) \
    VOID(cairo, cairo_scaled_font_extents, (cairo_scaled_font_t *scaled_font, cairo_font_extents_t *extents), (scaled_font, extents)) \
    VOID(cairo, cairo_scaled_font_glyph_extents, (cairo_scaled_font_t *scaled_font, const cairo_glyph_t *glyphs, int num_glyphs, cairo_text_extents_t *extents), (scaled_font, glyphs, num_glyphs, extents)) \
    FUNC(cairo, cairo_status_t, cairo_scaled_font_status, (cairo_scaled_font_t *scaled_font), (scaled_font)) \
    FUNC(cairo, cairo_status_t, cairo_scaled_font_text_to_glyphs, (cairo_scaled_font_t *scaled_font, double x, double y, const char *utf8, int utf8_len, cairo_glyph_t **glyphs, int *num_glyphs, cairo_text_cluster_t **clusters, int *num_clusters, cairo_text_cluster_flags_t *cluster_flags), (scaled_font, x, y, utf8, utf8_len, glyphs, num_glyphs, clusters, num_clusters, cluster_flags)) \
    VOID(cairo, cairo_set_line_width, (cairo_t *cr, double width), (cr, width)) \
    VOID(cairo, cairo_set_scaled_font, (cairo_t *cr, const cairo_scaled_font_t *scaled_font), (cr, scaled_font)) \
    VOID(cairo, cairo_set_source, (cairo_t *cr, cairo_pattern_t *source), (cr, source)) \
    VOID(cairo, cairo_set_source_rgb, (cairo_t *cr, double red, double green, double blue), (cr, red, green, blue)) \
    VOID(cairo, cairo_set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha), (cr, red, green, blue, alpha)) \
    VOID(cairo, cairo_set_source_surface, (cairo_t *cr, cairo_surface_t *surface, double x, double y), (cr, surface, x, y)) \
    VOID(cairo, cairo_show_glyphs, (cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs), (cr, glyphs, num_glyphs)) \
    FUNC(cairo, cairo_status_t, cairo_status, (cairo_t *cr), (cr)) \
    FUNC(cairo, const char *, cairo_status_to_string, (cairo_status_t status), (status)) \
    VOID(cairo, cairo_stroke, (cairo_t *cr), (cr)) \
    VOID(cairo, cairo_surface_destroy, (cairo_surface_t *surface), (surface)) \
    VOID(cairo, cairo_surface_flush, (cairo_surface_t *surface), (surface)) \
    VOID(cairo, cairo_surface_mark_dirty, (cairo_surface_t *surface), (surface)) \
    FUNC(cairo, cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface)) \
    FUNC(cairo, cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *surface, cairo_write_func_t write_func, void *closure), (surface, write_func, closure)) \
    VOID(cairo, cairo_translate, (cairo_t *cr, double tx, double ty), (cr, tx, ty)) \
    /* end */

enum { LIB_cairo, LIB_freetype, LIB_fontconfig, LIB_COUNT };

// Sonames, as the runtime packages (libcairo2, libfreetype6, libfontconfig1) install them.
static const char *const libraryNames[LIB_COUNT] = {
    "libcairo.so.2", "libfreetype.so.6", "libfontconfig.so.1",
};

#define FIELD(lib, ret, name, params, args) __typeof__(&name) name;
#define VOID_FIELD(lib, name, params, args) __typeof__(&name) name;
static struct {
    DRAWING_FUNCTIONS(FIELD, VOID_FIELD)
} table;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static atomic_int state;            // 0 not tried, 1 loaded, -1 failed
static char failure[512];

static void loadLibraries(void) {
    void *handles[LIB_COUNT];
    const char *override = getenv("TELEGRAM_CAIRO_LIBRARY");   // the tests' way to make loading fail
    for (int i = 0; i < LIB_COUNT; i++) {
        const char *name = (i == LIB_cairo && override && *override) ? override : libraryNames[i];
        // RTLD_LOCAL: the libraries' symbols stay out of the global scope, so nothing else in the
        // process binds to them by accident. The handles are never closed.
        handles[i] = dlopen(name, RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            const char *reason = dlerror();
            snprintf(failure, sizeof failure, "cannot load %s: %s", name, reason ? reason : "unknown error");
            atomic_store_explicit(&state, -1, memory_order_release);
            return;
        }
    }
#define RESOLVE(lib, ret, name, params, args) \
    if (!(table.name = (__typeof__(&name))dlsym(handles[LIB_##lib], #name))) { \
        snprintf(failure, sizeof failure, "%s has no %s", libraryNames[LIB_##lib], #name); \
        atomic_store_explicit(&state, -1, memory_order_release); \
        return; \
    }
#define VOID_RESOLVE(lib, name, params, args) RESOLVE(lib, void, name, params, args)
    DRAWING_FUNCTIONS(RESOLVE, VOID_RESOLVE)
    atomic_store_explicit(&state, 1, memory_order_release);
}

int tg_drawing_libraries_load(char *message, size_t size) {
    pthread_once(&once, loadLibraries);
    if (atomic_load_explicit(&state, memory_order_acquire) == 1) return 0;
    if (message && size) snprintf(message, size, "%s", failure);
    return -1;
}

// Drawing loads the libraries (and reports a failure as an error) before it calls any of these;
// a call that comes first anyway loads them here, and a failure then is a programming error.
static inline void ensureLoaded(void) {
    if (__builtin_expect(atomic_load_explicit(&state, memory_order_acquire) == 1, 1)) return;
    char message[512];
    if (tg_drawing_libraries_load(message, sizeof message) != 0) {
        fprintf(stderr, "drawing: %s\n", message);
        abort();
    }
}

// Each stub is defined under a private name, with the header's type (the compiler rejects a
// prototype that differs), and given the public name as a hidden alias in assembly: FreeType's
// headers declare its functions with default visibility, which a hidden C definition under the
// same name would contradict.
#define ALIAS(name) \
    __asm__(".globl " #name "\n.hidden " #name "\n.type " #name ", %function\n.set " #name ", tg_lazy_" #name "\n");
#define DEFINE(lib, ret, name, params, args) \
    __typeof__(name) tg_lazy_##name; \
    __attribute__((visibility("hidden"), used)) ret tg_lazy_##name params { ensureLoaded(); return table.name args; } \
    ALIAS(name)
#define VOID_DEFINE(lib, name, params, args) \
    __typeof__(name) tg_lazy_##name; \
    __attribute__((visibility("hidden"), used)) void tg_lazy_##name params { ensureLoaded(); table.name args; } \
    ALIAS(name)
DRAWING_FUNCTIONS(DEFINE, VOID_DEFINE)
