#!/usr/bin/python3
# Writes the WebP and GIF test vectors beside this script, through Pillow (Debian's python3-pil,
# installed only to make them once): cd Tests/DrawingTests/Vectors && /usr/bin/python3 make_test_pictures.py
#   photo-64x48-lossy.webp     64×48, blue (32, 96, 192) over orange (240, 140, 20), lossy, quality 90
#   alpha-32x32-lossless.webp  32×32, lossless with alpha: top-left red opaque, top-right (40, 100, 200) at
#                              alpha 128, the bottom half fully transparent
#   animated-16x16.webp        two 16×16 frames (red, then blue): animated, refused as a still
#   transparent-16x16.gif      16×16, the left half red, the right half the transparent colour
#   interlaced-16x32.gif       16×32, interlaced, row y coloured (8y, 255 - 8y, 0): every row distinct,
#                              so a row put in the wrong place shows
from PIL import Image

blue, orange = (32, 96, 192), (240, 140, 20)
photo = Image.new("RGB", (64, 48), orange)
photo.paste(blue, (0, 0, 64, 24))
photo.save("photo-64x48-lossy.webp", lossless=False, quality=90)

alpha = Image.new("RGBA", (32, 32), (0, 0, 0, 0))
alpha.paste((255, 0, 0, 255), (0, 0, 16, 16))
alpha.paste((40, 100, 200, 128), (16, 0, 32, 16))
alpha.save("alpha-32x32-lossless.webp", lossless=True, exact=True)

frames = [Image.new("RGB", (16, 16), colour) for colour in [(255, 0, 0), (0, 0, 255)]]
frames[0].save("animated-16x16.webp", save_all=True, append_images=frames[1:], duration=100, loop=0, lossless=True)

gif = Image.new("P", (16, 16), 1)
gif.putpalette([255, 0, 0, 0, 0, 0] + [0, 0, 0] * 254)
gif.paste(0, (0, 0, 8, 16))
gif.save("transparent-16x16.gif", transparency=1)

rows = Image.new("P", (16, 32))
rows.putpalette([c for y in range(32) for c in (8 * y, 255 - 8 * y, 0)] + [0, 0, 0] * 224)
for y in range(32):
    rows.paste(y, (0, y, 16, y + 1))
rows.save("interlaced-16x32.gif", interlace=True)
