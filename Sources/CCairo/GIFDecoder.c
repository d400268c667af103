// GIF pictures into a Cairo image surface, as a still (the first frame), through giflib loaded on
// first use like libjpeg (JPEGDecoder.c) and Cairo (DrawingLibraries.c says why nothing is linked).
//
// The records are read one by one rather than by DGifSlurp: DGifSlurp decodes every frame, each up
// to 65535×65535 whatever the screen says, so a small hostile file could make it allocate
// gigabytes. Here only the first frame is decoded, after its sides and place were checked.
#include "CCairo.h"
#include "LoadedLibrary.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gif_lib.h>

#define GIF_FUNCTIONS(FUNC) \
    FUNC(DGifOpen) FUNC(DGifCloseFile) FUNC(DGifGetRecordType) FUNC(DGifGetImageDesc) FUNC(DGifGetLine) \
    FUNC(DGifGetExtension) FUNC(DGifGetExtensionNext) FUNC(GifErrorString)

LOADED_LIBRARY("libgif.so.7", GIF_FUNCTIONS)   // libgif7's soname

// giflib reads through a callback: the bytes in memory, running out at their end (a short read
// is giflib's "truncated").
struct Source {
    const unsigned char *data;
    size_t size;
    size_t offset;
};

static int readBytes(GifFileType *file, GifByteType *into, int count) {
    struct Source *source = file->UserData;
    if (count <= 0) return 0;
    size_t left = source->size - source->offset;
    size_t n = (size_t)count < left ? (size_t)count : left;
    memcpy(into, source->data + source->offset, n);
    source->offset += n;
    return (int)n;
}

static const char *errorText(int code) {
    const char *text = library.GifErrorString(code);
    return text ? text : "unknown error";
}

// Where an interlaced frame's rows come from: four passes, each starting at an offset and
// stepping by a jump (the GIF89a specification, appendix E).
static const int passStart[4] = { 0, 4, 2, 1 };
static const int passStep[4] = { 8, 8, 4, 2 };

// The first frame of an open GIF, whose screen was checked, placed on a screen-sized surface
// (transparent where the frame leaves it), or -1 with the message.
static int decodeFirstFrame(GifFileType *file, cairo_surface_t **surface, char *message, size_t messageSize) {
    int transparent = -1;   // from the graphics control block before the frame
    for (;;) {
        GifRecordType record;
        if (library.DGifGetRecordType(file, &record) == GIF_ERROR) {
            snprintf(message, messageSize, "not a readable GIF (%s)", errorText(file->Error));
            return -1;
        }
        if (record == TERMINATE_RECORD_TYPE) {
            snprintf(message, messageSize, "a GIF without a picture");
            return -1;
        }
        if (record == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *block;
            if (library.DGifGetExtension(file, &code, &block) == GIF_ERROR) {
                snprintf(message, messageSize, "not a readable GIF (%s)", errorText(file->Error));
                return -1;
            }
            // The block starts with its length: 4 for a graphics control block (flags, delay, index).
            if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4) transparent = (block[1] & 1) ? block[4] : -1;
            while (block) {
                if (library.DGifGetExtensionNext(file, &block) == GIF_ERROR) {
                    snprintf(message, messageSize, "not a readable GIF (%s)", errorText(file->Error));
                    return -1;
                }
            }
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) {
            snprintf(message, messageSize, "not a readable GIF (record type %d)", (int)record);
            return -1;
        }
        break;
    }
    if (library.DGifGetImageDesc(file) == GIF_ERROR) {
        snprintf(message, messageSize, "not a readable GIF (%s)", errorText(file->Error));
        return -1;
    }
    GifImageDesc frame = file->Image;
    if (frame.Width < 1 || frame.Height < 1 || frame.Left < 0 || frame.Top < 0
        || frame.Left > file->SWidth - frame.Width || frame.Top > file->SHeight - frame.Height) {
        snprintf(message, messageSize, "the GIF's frame %d×%d at %d,%d is not inside its %d×%d screen",
                 frame.Width, frame.Height, frame.Left, frame.Top, file->SWidth, file->SHeight);
        return -1;
    }
    const ColorMapObject *colours = frame.ColorMap ? frame.ColorMap : file->SColorMap;
    if (!colours || colours->ColorCount < 1 || !colours->Colors) {
        snprintf(message, messageSize, "a GIF without a colour map");
        return -1;
    }
    // Transparent where a pixel is, and wherever the frame leaves the screen uncovered.
    int opaque = transparent < 0 && frame.Width == file->SWidth && frame.Height == file->SHeight;
    cairo_surface_t *image = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                        file->SWidth, file->SHeight);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        snprintf(message, messageSize, "cannot allocate a %d×%d surface", file->SWidth, file->SHeight);
        cairo_surface_destroy(image);
        return -1;
    }
    cairo_surface_flush(image);
    unsigned char *pixels = cairo_image_surface_get_data(image);
    int stride = cairo_image_surface_get_stride(image);
    GifPixelType *line = malloc((size_t)frame.Width);
    if (!line) {
        snprintf(message, messageSize, "out of memory for a %d-pixel row", frame.Width);
        cairo_surface_destroy(image);
        return -1;
    }
    int passes = frame.Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = frame.Interlace ? passStart[pass] : 0, step = frame.Interlace ? passStep[pass] : 1;
        for (int y = start; y < frame.Height; y += step) {
            if (library.DGifGetLine(file, line, frame.Width) == GIF_ERROR) {
                snprintf(message, messageSize, "not a readable GIF (%s)", errorText(file->Error));
                free(line);
                cairo_surface_destroy(image);
                return -1;
            }
            uint32_t *row = (uint32_t *)(pixels + (size_t)(frame.Top + y) * (size_t)stride) + frame.Left;
            for (int x = 0; x < frame.Width; x++) {
                int index = line[x];
                if (index == transparent) { row[x] = 0; continue; }
                if (index >= colours->ColorCount) {
                    snprintf(message, messageSize, "a damaged GIF (colour %d of a %d-colour map)", index, colours->ColorCount);
                    free(line);
                    cairo_surface_destroy(image);
                    return -1;
                }
                GifColorType c = colours->Colors[index];
                // Cairo's native-endian word: A, R, G, B (opaque, so premultiplying changes nothing).
                row[x] = 0xFF000000u | (uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue;
            }
        }
    }
    free(line);
    cairo_surface_mark_dirty(image);
    *surface = image;
    return 0;
}

int tg_gif_decode(const unsigned char *data, size_t size, int maxSide, cairo_surface_t **surface,
                  char *message, size_t messageSize) {
    *surface = NULL;
    if (loadedLibrary(message, messageSize) != 0) return -1;
    struct Source source = { data, size, 0 };
    int error = 0;
    // Reads the signature, the screen and the global colour map: nothing the size of the picture.
    GifFileType *file = library.DGifOpen(&source, readBytes, &error);
    if (!file) {
        snprintf(message, messageSize, "not a readable GIF (%s)", errorText(error));
        return -1;
    }
    int result;
    if (file->SWidth < 1 || file->SHeight < 1 || file->SWidth > maxSide || file->SHeight > maxSide) {
        snprintf(message, messageSize, "the GIF is %d×%d; sides must be 1…%d", file->SWidth, file->SHeight, maxSide);
        result = -2;
    } else {
        result = decodeFirstFrame(file, surface, message, messageSize);
    }
    library.DGifCloseFile(file, &error);
    return result;
}
