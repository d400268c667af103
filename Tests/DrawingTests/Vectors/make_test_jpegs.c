// Tests/DrawingTests/Vectors/photo-64x48.jpg came from this: cc -O2 -o make_test_jpegs make_test_jpegs.c -ljpeg && ./make_test_jpegs photo-64x48.jpg
// Writes the JPEG test vectors: a 64x48 photo, top half blue (32, 96, 192), bottom half orange
// (240, 140, 20), baseline, quality 90, 4:2:0; through the system libjpeg (cc ... -ljpeg).
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s OUT.jpg\n", argv[0]); return 64; }
    FILE *out = fopen(argv[1], "wb");
    if (!out) { perror(argv[1]); return 1; }
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr errors;
    info.err = jpeg_std_error(&errors);
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, out);
    info.image_width = 64;
    info.image_height = 48;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, 90, TRUE);
    jpeg_start_compress(&info, TRUE);
    unsigned char row[64 * 3];
    while (info.next_scanline < info.image_height) {
        int top = info.next_scanline < 24;
        for (int x = 0; x < 64; x++) {
            row[x * 3] = top ? 32 : 240;
            row[x * 3 + 1] = top ? 96 : 140;
            row[x * 3 + 2] = top ? 192 : 20;
        }
        JSAMPROW rows[1] = { row };
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    fclose(out);
    return 0;
}
