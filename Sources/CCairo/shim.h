// Cairo for drawing, plus FreeType and fontconfig so the Drawing module can open font files
// directly (skipping fontconfig's configuration and cache in the common case) and fall back to
// one fontconfig match only when none of the known font files exists.
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>
