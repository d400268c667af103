// WebP pictures (what Telegram's stickers and many phones' photos are) into a Cairo image surface,
// through libwebp loaded on first use like libjpeg (JPEGDecoder.c) and Cairo (DrawingLibraries.c
// says why nothing is linked): only a process that decodes a WebP maps it.
#include "CCairo.h"
#include "LoadedLibrary.h"

#include <stdio.h>
#include <string.h>
#include <webp/decode.h>

#define WEBP_FUNCTIONS(FUNC) \
    FUNC(WebPGetFeaturesInternal) FUNC(WebPInitDecoderConfigInternal) FUNC(WebPDecode) FUNC(WebPFreeDecBuffer)

LOADED_LIBRARY("libwebp.so.7", WEBP_FUNCTIONS)   // libwebp7's soname

static const char *statusText(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "a damaged bitstream";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "an unsupported feature";
    case VP8_STATUS_SUSPENDED: return "suspended";
    case VP8_STATUS_USER_ABORT: return "aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "truncated";
    default: return "unknown error";
    }
}

int tg_webp_decode(const unsigned char *data, size_t size, int maxSide, cairo_surface_t **surface,
                   char *message, size_t messageSize) {
    *surface = NULL;
    if (loadedLibrary(message, messageSize) != 0) return -1;
    // The header's inline WebPGetFeatures and WebPInitDecoderConfig would name the library's
    // functions directly (and fail the link, nothing links libwebp): their Internal forms instead.
    WebPDecoderConfig config;
    if (!library.WebPInitDecoderConfigInternal(&config, WEBP_DECODER_ABI_VERSION)) {
        snprintf(message, messageSize, "libwebp.so.7 does not speak this decoder ABI (%#x)", WEBP_DECODER_ABI_VERSION);
        return -1;
    }
    VP8StatusCode status = library.WebPGetFeaturesInternal(data, size, &config.input, WEBP_DECODER_ABI_VERSION);
    if (status != VP8_STATUS_OK) {
        snprintf(message, messageSize, "not a readable WebP (%s)", statusText(status));
        return -1;
    }
    // Checked before anything the size of the picture is allocated.
    int width = config.input.width, height = config.input.height;
    if (width < 1 || height < 1 || width > maxSide || height > maxSide) {
        snprintf(message, messageSize, "the WebP is %d×%d; sides must be 1…%d", width, height, maxSide);
        return -2;
    }
    if (config.input.has_animation) {
        // Its frames are in ANMF chunks only libwebpdemux reads; WebPDecode refuses them.
        snprintf(message, messageSize, "an animated WebP (only still WebP pictures are drawn)");
        return -1;
    }
    int opaque = !config.input.has_alpha;
    cairo_surface_t *image = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        snprintf(message, messageSize, "cannot allocate a %d×%d surface", width, height);
        cairo_surface_destroy(image);
        return -1;
    }
    cairo_surface_flush(image);
    int stride = cairo_image_surface_get_stride(image);
    // Straight into Cairo's layout: a native-endian word A, R, G, B, with the colours premultiplied
    // by alpha (libwebp's lower-case modes premultiply; the upper-case ones give straight alpha).
    // RGB24's top byte is unused, so the opaque picture's 255 there is harmless.
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    config.output.colorspace = opaque ? MODE_BGRA : MODE_bgrA;
#else
    config.output.colorspace = opaque ? MODE_ARGB : MODE_Argb;
#endif
    config.output.is_external_memory = 1;
    config.output.width = width;
    config.output.height = height;
    config.output.u.RGBA.rgba = cairo_image_surface_get_data(image);
    config.output.u.RGBA.stride = stride;
    config.output.u.RGBA.size = (size_t)stride * (size_t)height;
    status = library.WebPDecode(data, size, &config);
    library.WebPFreeDecBuffer(&config.output);   // external memory: frees only libwebp's own state
    if (status != VP8_STATUS_OK) {
        snprintf(message, messageSize, "not a readable WebP (%s)", statusText(status));
        cairo_surface_destroy(image);
        return -1;
    }
    cairo_surface_mark_dirty(image);
    *surface = image;
    return 0;
}
