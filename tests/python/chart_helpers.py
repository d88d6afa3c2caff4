"""What the tests of a plugin's rule modules share: a chart file with lines replaced and options
set, and a roll that gives set results."""


def edited_charts(charts_class, source, tmp_path, replace=(), options=()):
    """The chart file `source` with lines replaced ((old, new)) and options set ({name: value}),
    written into `tmp_path` and loaded by `charts_class`."""
    text = source.read_text()
    for old, new in replace:
        assert old in text, old
        text = text.replace(old, new)
    text += "".join(f'{k} = "{v}"\n' for k, v in dict(options).items())
    path = tmp_path / "charts.toml"
    path.write_text(text)
    return charts_class.load(path)


class Given:
    """A roll(dice, purpose) giving these results in order, keeping what was asked."""

    def __init__(self, *results):
        self.results, self.asked = list(results), []

    def __call__(self, dice, purpose):
        self.asked.append((dice, purpose))
        return self.results.pop(0)
