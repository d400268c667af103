// JPEG photos (Telegram's profile and chat photos, as a Telegram Desktop export holds them) into
// a Cairo image surface, through libjpeg(-turbo) loaded on first use like Cairo itself
// (DrawingLibraries.c says why nothing is linked): only a process that decodes a JPEG maps it.
#include "CCairo.h"
#include "LoadedLibrary.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

#define JPEG_FUNCTIONS(FUNC) \
    FUNC(jpeg_std_error) FUNC(jpeg_CreateDecompress) FUNC(jpeg_mem_src) FUNC(jpeg_read_header) \
    FUNC(jpeg_start_decompress) FUNC(jpeg_read_scanlines) FUNC(jpeg_finish_decompress) FUNC(jpeg_destroy_decompress)

LOADED_LIBRARY("libjpeg.so.62", JPEG_FUNCTIONS)   // libjpeg62-turbo's soname

// libjpeg reports a fatal error by calling error_exit, which must not return: back to the decoder.
struct ErrorManager {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void errorExit(j_common_ptr info) {
    struct ErrorManager *manager = (struct ErrorManager *)info->err;
    manager->base.format_message(info, manager->message);
    longjmp(manager->jump, 1);
}

// Warnings (a corrupt but readable stream) are not failures; a truncated file is, and libjpeg
// only warns about it (it pads with grey), so the count of warnings is checked at the end.
static void outputMessage(j_common_ptr info) { (void)info; }

int tg_jpeg_decode(const unsigned char *data, size_t size, int maxSide, cairo_surface_t **surface,
                   char *message, size_t messageSize) {
    *surface = NULL;
    if (loadedLibrary(message, messageSize) != 0) return -1;
    struct jpeg_decompress_struct info;
    struct ErrorManager errors;
    memset(&info, 0, sizeof info);
    info.err = library.jpeg_std_error(&errors.base);
    errors.base.error_exit = errorExit;
    errors.base.output_message = outputMessage;
    // Volatile: read after a longjmp back into this frame.
    cairo_surface_t *volatile image = NULL;
    if (setjmp(errors.jump)) {
        snprintf(message, messageSize, "not a readable JPEG (%s)", errors.message);
        library.jpeg_destroy_decompress(&info);
        if (image) cairo_surface_destroy(image);
        return -1;
    }
    library.jpeg_CreateDecompress(&info, JPEG_LIB_VERSION, sizeof info);
    library.jpeg_mem_src(&info, data, (unsigned long)size);
    library.jpeg_read_header(&info, TRUE);
    // Checked before anything the size of the picture is allocated.
    if (info.image_width < 1 || info.image_height < 1 || info.image_width > (JDIMENSION)maxSide
        || info.image_height > (JDIMENSION)maxSide) {
        snprintf(message, messageSize, "the JPEG is %u×%u; sides must be 1…%d", info.image_width, info.image_height, maxSide);
        library.jpeg_destroy_decompress(&info);
        return -2;
    }
    // Straight into Cairo's RGB24 layout (B, G, R, unused in memory on little-endian machines).
    info.out_color_space = JCS_EXT_BGRX;
    library.jpeg_start_decompress(&info);
    image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)info.output_width, (int)info.output_height);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        snprintf(message, messageSize, "cannot allocate a %u×%u surface", info.output_width, info.output_height);
        library.jpeg_destroy_decompress(&info);
        cairo_surface_destroy(image);
        return -1;
    }
    cairo_surface_flush(image);
    unsigned char *pixels = cairo_image_surface_get_data(image);
    int stride = cairo_image_surface_get_stride(image);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * (size_t)stride;
        library.jpeg_read_scanlines(&info, &row, 1);
    }
    library.jpeg_finish_decompress(&info);
    long warnings = errors.base.num_warnings;
    library.jpeg_destroy_decompress(&info);
    if (warnings > 0) {
        snprintf(message, messageSize, "a damaged or truncated JPEG (%ld warnings)", warnings);
        cairo_surface_destroy(image);
        return -1;
    }
    cairo_surface_mark_dirty(image);
    *surface = image;
    return 0;
}
