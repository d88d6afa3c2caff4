"""What a plugin's demo paints its board and counters with (PIL): the font, and the small images of
markers (a square of a colour with a word on it)."""
import io
import os

from PIL import Image, ImageDraw, ImageFont


def font(size, bold=False):
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in ("/usr/share/fonts/truetype/dejavu", ""):
        try:
            return ImageFont.truetype(os.path.join(folder, name) if folder else name, size)
        except OSError:
            continue
    return ImageFont.load_default()


def small_png(size, colour, text=""):
    """A PNG of `size` (width, height) filled with `colour`, outlined, with `text` in its middle."""
    image = Image.new("RGB", size, colour)
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, size[0] - 1, size[1] - 1], outline="#000000")
    if text:
        draw.text((size[0] / 2, size[1] / 2), text, fill="#000000", font=font(9, bold=True), anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
