"""What a plugin's demo paints its board and counters with (PIL): the font, a counter's square,
the images of units, markers and layers (a square of a colour with words on it)."""
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


def png_bytes(image):
    """The image as a PNG file's bytes."""
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def small_png(size, colour, text=""):
    """A PNG of `size` (width, height) filled with `colour`, outlined, with `text` in its middle."""
    image = Image.new("RGB", size, colour)
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, size[0] - 1, size[1] - 1], outline="#000000")
    if text:
        draw.text((size[0] / 2, size[1] / 2), text, fill="#000000", font=font(9, bold=True), anchor="mm")
    return png_bytes(image)


def counter_square(colour, size=40):
    """A counter of `size` pixels a side filled with `colour` and outlined: (image, its ImageDraw)."""
    image = Image.new("RGB", (size, size), colour)
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, size - 1, size - 1], outline="#000000", width=2)
    return image, draw


def unit_png(colour, symbol, name, label, name_chars, label_size, front=False):
    """A unit's 40-pixel counter in its side's `colour`: its type's `symbol`, the first word of its
    `name` (`name_chars` letters at most) and `label` (what the counter prints, in `label_size`
    points), in white; with `front`, its top edge drawn as its front."""
    image, draw = counter_square(colour)
    if front:
        draw.line([(4, 2), (35, 2)], fill="#ffffff", width=2)
    draw.text((20, 10), symbol, fill="#ffffff", font=font(9, bold=True), anchor="mm")
    draw.text((20, 21), name.split()[0][:name_chars], fill="#ffffff", font=font(7, bold=True), anchor="mm")
    draw.text((20, 32), label, fill="#ffffff", font=font(label_size, bold=True), anchor="mm")
    return png_bytes(image)


def marker_png(colour, name, word_chars):
    """A marker's 40-pixel counter in `colour`: the words of its `name` one a line (`word_chars`
    letters at most), in white."""
    image, draw = counter_square(colour)
    for i, word in enumerate(name.split()):
        draw.text((20, 14 + 12 * i), word[:word_chars], fill="#ffffff", font=font(7, bold=True), anchor="mm")
    return png_bytes(image)


def layer_png(text, width=22):
    """A layer's marker over a counter's corner: `text` on yellow, `width` pixels by 12."""
    image = Image.new("RGBA", (width, 12), "#f0d060")
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, width - 1, 11], outline="#000000")
    draw.text((width // 2, 6), text, fill="#000000", font=font(7, bold=True), anchor="mm")
    return png_bytes(image)
