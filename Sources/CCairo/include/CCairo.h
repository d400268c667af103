// Cairo for drawing, plus FreeType and fontconfig so the Drawing module can open font files
// directly (skipping fontconfig's configuration and cache in the common case) and fall back to
// one fontconfig match only when none of the known font files exists.
//
// Nothing links these libraries: DrawingLibraries.c defines every function Drawing calls and
// loads the libraries on first use (see that file for why).
#ifndef CCAIRO_H
#define CCAIRO_H

#include <stddef.h>
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>

/// Loads libcairo, libfreetype and libfontconfig and resolves every function Drawing calls.
/// Thread-safe and idempotent: the first call does the work, later calls return its result.
/// Returns 0, or -1 with a UTF-8 message in `message` (NUL-terminated, at most `size` bytes).
int tg_drawing_libraries_load(char *message, size_t size);

/// Decodes a JPEG (libjpeg loaded on first use) into a new RGB24 image surface in `*surface`.
/// Sides outside 1…maxSide are refused from the header, before the picture is allocated (-2); a
/// damaged or truncated file, or no libjpeg, is -1. The message says why (at most `messageSize` bytes).
int tg_jpeg_decode(const unsigned char *data, size_t size, int maxSide, cairo_surface_t **surface,
                   char *message, size_t messageSize);

/// Decodes a still WebP (libwebp loaded on first use) into a new image surface in `*surface`:
/// ARGB32 (premultiplied) when it has alpha, RGB24 when not. Sides outside 1…maxSide are refused
/// from the header, before the picture is allocated (-2); a damaged, truncated or animated file,
/// or no libwebp, is -1. The message says why (at most `messageSize` bytes).
int tg_webp_decode(const unsigned char *data, size_t size, int maxSide, cairo_surface_t **surface,
                   char *message, size_t messageSize);

/// Decodes a GIF's first frame (giflib loaded on first use) onto a new surface of the GIF's screen
/// size in `*surface`: ARGB32 where it has transparency or the frame leaves part of the screen,
/// RGB24 when not. A screen outside 1…maxSide is refused before the picture is allocated (-2); a
/// damaged or truncated file, a frame outside the screen, a colour index outside its map, or no
/// giflib, is -1. The message says why (at most `messageSize` bytes).
int tg_gif_decode(const unsigned char *data, size_t size, int maxSide, cairo_surface_t **surface,
                  char *message, size_t messageSize);

#endif
