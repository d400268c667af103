/*
 * Tools/bench/floor.c — the memory floor under notify-service, measured instead of argued.
 * Compiled on the fly by Tools/bench/runner.py against the system's OpenSSL, SQLite and Cairo.
 *
 * It does, in C and nothing else, the system libraries' share of delivering one push with a
 * drawn avatar: OpenSSL without its config file fetching SHA-1, SHA-256, AES-256-GCM and
 * AES-256-ECB and running each once; SQLite opening the account's Postbox read-only with a
 * 32-page cache and reading 50 rows in one transaction; Cairo drawing a 100×100 gradient circle
 * with two FreeType glyphs and writing it as PNG. Compiled with -DFLOOR_NO_DRAWING it leaves
 * Cairo out (a push whose avatar is cached never loads it); with -DFLOOR_BARE it is an empty
 * C program that links none of them.
 *
 * The runner measures both like any other command. Their difference is what these libraries
 * cost a process before any of the app's own code runs, so hello-reference's RSS plus that
 * difference is the least notify-service could peak at with a drawn avatar.
 *
 * Usage:   floor POSTBOX_DB PNG_OUT        (the FLOOR_BARE build takes no arguments)
 * Exit:    0 when every library call succeeded, 1 otherwise (with the failing step on stderr).
 */
#ifdef FLOOR_BARE
int main(void) { return 0; }
#else
#ifndef FLOOR_NO_DRAWING
#include <cairo.h>
#include <cairo-ft.h>
#endif
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

static int fail(const char *step) {
    fprintf(stderr, "floor: %s failed\n", step);
    return 1;
}

static int digest(const char *name) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_MD *md = EVP_MD_fetch(NULL, name, NULL);
    int ok = md && EVP_Digest("abc", 3, out, &length, md, NULL) == 1;
    EVP_MD_free(md);
    return ok;
}

static int cipher(const char *name, int ivLength) {
    unsigned char key[32] = {0}, iv[16] = {0}, in[32] = {0}, out[64];
    int length = 0;
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int ok = c && ctx && EVP_DecryptInit_ex(ctx, c, NULL, key, ivLength ? iv : NULL) == 1
        && EVP_DecryptUpdate(ctx, out, &length, in, sizeof in) == 1;
    EVP_CIPHER_CTX_free(ctx);
    EVP_CIPHER_free(c);
    return ok;
}

static int readPostbox(const char *path) {
    sqlite3 *db = NULL;
    sqlite3_stmt *statement = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) return 0;
    int ok = sqlite3_exec(db, "PRAGMA cache_size=32; BEGIN", NULL, NULL, NULL) == SQLITE_OK
        && sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' LIMIT 50", -1, &statement, NULL) == SQLITE_OK;
    while (ok && sqlite3_step(statement) == SQLITE_ROW) {}
    sqlite3_finalize(statement);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    sqlite3_close(db);
    return ok;
}

#ifndef FLOOR_NO_DRAWING
static int drawAvatar(const char *pngPath) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 100, 100);
    cairo_t *cr = cairo_create(surface);
    cairo_pattern_t *gradient = cairo_pattern_create_linear(0, 0, 0, 100);
    cairo_pattern_add_color_stop_rgb(gradient, 0, 1.0, 0.52, 0.35);
    cairo_pattern_add_color_stop_rgb(gradient, 1, 0.85, 0.25, 0.2);
    cairo_arc(cr, 50, 50, 50, 0, 6.2832);
    cairo_set_source(cr, gradient);
    cairo_fill(cr);
    FT_Library library;
    FT_Face face;
    if (FT_Init_FreeType(&library) || FT_New_Face(library, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0, &face)) return 0;
    cairo_set_font_face(cr, cairo_ft_font_face_create_for_ft_face(face, 0));
    cairo_set_font_size(cr, 40);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_move_to(cr, 22, 64);
    cairo_show_text(cr, "AB");
    return cairo_surface_write_to_png(surface, pngPath) == CAIRO_STATUS_SUCCESS;
}
#endif

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: floor POSTBOX_DB PNG_OUT\n");
        return 2;
    }
    if (OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, NULL) != 1) return fail("OPENSSL_init_crypto");
    if (!digest("SHA1") || !digest("SHA256")) return fail("digest");
    if (!cipher("AES-256-GCM", 12) || !cipher("AES-256-ECB", 0)) return fail("cipher");
    if (!readPostbox(argv[1])) return fail("sqlite read");
#ifndef FLOOR_NO_DRAWING
    if (!drawAvatar(argv[2])) return fail("cairo drawing");
#endif
    return 0;
}
#endif
