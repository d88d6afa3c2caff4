"""A histogram per quantity of a simulation (procedures.distribution.Summary), drawn with matplotlib
(Debian's python3-matplotlib, Agg backend: no display needed), imported only when a picture is asked
for. The PNG is written as a new file, never over one."""
import io
import math


def write_histograms(summaries, path, title):
    """Draws each summary's frequencies (runs per value) in a grid, under `title`, to a new PNG `path`."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot, ticker

    columns = min(4, len(summaries))
    rows = math.ceil(len(summaries) / columns)
    figure, axes = pyplot.subplots(rows, columns, figsize=(3.2 * columns, 2.4 * rows + 0.6), squeeze=False)
    for ax, summary in zip(axes.flat, summaries):
        values = list(summary.counts)
        ax.bar([float(v) for v in values], list(summary.counts.values()), width=_bar_width(values), color="#4a6fa5")
        margin = 1 if len(values) > 1 else 2   # one value alone: a narrow bar, not a filled box
        ax.set_xlim(float(values[0]) - margin, float(values[-1]) + margin)
        if all(float(v).is_integer() for v in values):
            ax.xaxis.set_major_locator(ticker.MaxNLocator(integer=True))
        ax.set_title(summary.label, fontsize=9)
        ax.tick_params(labelsize=7)
        ax.set_ylabel("runs", fontsize=7)
    for ax in list(axes.flat)[len(summaries):]:
        ax.set_visible(False)
    figure.suptitle(title, fontsize=10)
    height = figure.get_figheight()
    figure.tight_layout(rect=(0, 0, 1, 1 - 0.45 / height))   # the subplots below the title's 0.45 inch
    image = io.BytesIO()
    figure.savefig(image, format="png", dpi=100)
    pyplot.close(figure)
    with open(path, "xb") as out:
        out.write(image.getvalue())


def _bar_width(values):
    """Bars as wide as the closest two values allow (0.8 of a unit when every value is whole)."""
    points = sorted(float(v) for v in values)
    gaps = [b - a for a, b in zip(points, points[1:]) if b > a]
    return 0.8 * min(gaps + [1.0])
