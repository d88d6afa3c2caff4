"""What a procedure reports: sections of lines, each line with the data behind it (a roll and its
modifiers, a distance and its path, a result), the rolls made and the seed they came from. Printed
as text, written as JSON, posted as VASSAL chat lines.

A line whose value is an amount (CPs, MA, SP lost, VP ...) carries it as a `Quantity` under the
key `quantity` (plugin contract §7), or a list of them where one line gives several, so that
`adjutant simulate` gives its distribution over many runs:

    section.add(f"Pickett receives {cp} CP", receiver="Pickett", cp=cp, quantity=Quantity("CP", cp, of="Pickett"))
    section.add(f"{hex_name}: ...", quantity=[Quantity("MA", ma[u], of=u) for u in units])

A report is written for one viewer (a side, or the referee). The procedure computes with the whole
game and writes its report naming every unit; `redact` then renames what the viewer may not see
(adjutant.rules.visibility decides what that is), so no name slips through a line written later.
"""
import dataclasses
import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .rolls import Roll


@dataclass(frozen=True)
class Quantity:
    """An amount a report line gives: `name` says what is counted, with its unit ("CP", "MA",
    "SP lost", "VP"), `value` how much (an int, a Fraction or a float), `of` whom or what it is counted for
    (a leader, a unit, a side, a hex; "" for the report as a whole). A simulation keys its
    distributions by name and `of` (`label`); where one run reports the same label on several
    lines their values add up, so a running total or a value before and after a change is not
    marked twice, only the amount itself."""

    name: str
    value: Any
    of: str = ""

    def __post_init__(self):
        if not self.name:
            raise ValueError("a Quantity needs a name: what is counted, with its unit")
        if isinstance(self.value, bool) or not isinstance(self.value, (int, Fraction, float)):
            raise TypeError(f"Quantity {self.name!r}: the value is a number, not {self.value!r}")

    @property
    def label(self):
        """"CP of Pickett", or the bare name for the whole report."""
        return f"{self.name} of {self.of}" if self.of else self.name

    def as_json(self):
        """A whole value as a JSON number; a fraction as the report's data keeps it, "7/2"."""
        whole = isinstance(self.value, Fraction) and self.value.denominator == 1
        return {"name": self.name, "value": int(self.value) if whole else _plain(self.value), "of": self.of}

    @classmethod
    def from_json(cls, data):
        value = data["value"]
        return cls(data["name"], Fraction(value) if isinstance(value, str) else value, data.get("of", ""))


@dataclass
class Line:
    text: str
    data: dict = field(default_factory=dict)


@dataclass
class Section:
    title: str
    lines: list = field(default_factory=list)

    def add(self, text, **data):
        """A line of `text` with its data; `quantity`, when given, is a Quantity or a list of them."""
        if "quantity" in data and not all(isinstance(q, Quantity) for q in _as_list(data["quantity"])):
            raise TypeError(f"line {text!r}: quantity= takes a Quantity (name, value, of) or a list of them, "
                            f"not {data['quantity']!r}")
        self.lines.append(Line(text, data))
        return self


@dataclass
class Report:
    title: str
    viewer: str = "referee"
    seed: int = None
    sections: list = field(default_factory=list)
    rolls: list = field(default_factory=list)
    notes: list = field(default_factory=list)  # how the report was made: options, what was hidden
    files: list = field(default_factory=list)  # what the run wrote

    def section(self, title):
        s = Section(title)
        self.sections.append(s)
        return s

    def note(self, text):
        if text not in self.notes:
            self.notes.append(text)

    def text(self):
        out = [self.title]
        if self.viewer != "referee":
            out.append(f"(as the {self.viewer} player sees it)")
        for s in self.sections:
            out.append("")
            out.append(s.title)
            out.extend(f"  {line.text}" for line in s.lines)
        if self.rolls:
            out.append("")
            out.append(f"Rolls (seed {self.seed}):" if self.seed is not None else "Rolls:")
            out.extend(f"  {r}" for r in self.rolls)
        if self.notes:
            out.append("")
            out.extend(f"Note: {n}" for n in self.notes)
        return "\n".join(out) + "\n"

    def as_json(self):
        return {
            "title": self.title,
            "viewer": self.viewer,
            "seed": self.seed,
            "sections": [{"title": s.title, "lines": [{"text": l.text, **_plain(l.data)} for l in s.lines]}
                         for s in self.sections],
            "rolls": [r.as_json() for r in self.rolls],
            "notes": list(self.notes),
            "files": list(self.files),
        }

    def quantities(self):
        """Every Quantity its lines give, in report order."""
        return [q for s in self.sections for line in s.lines for q in _as_list(line.data.get("quantity"))]

    def json_text(self):
        return json.dumps(self.as_json(), indent=2) + "\n"

    @classmethod
    def from_json(cls, data):
        """The report a JSON report (as_json, or its text) holds; its data as JSON holds it."""
        if isinstance(data, str):
            data = json.loads(data)
        sections = [Section(s["title"], [Line(l["text"], _line_data(l)) for l in s["lines"]])
                    for s in data["sections"]]
        return cls(data["title"], data["viewer"], data["seed"], sections, [Roll(**r) for r in data["rolls"]],
                   list(data["notes"]), list(data["files"]))

    def close(self, rolls, names=None, unseen=(), reader_note=None):
        """The report as a procedure ends it: the rolls made (adjutant.procedures.rolls.Rolls) and the
        seed, a note for each given roll no roll used, `reader_note` (what a side's reader should know
        of what is named for him), then redacted (`redact`)."""
        self.rolls = list(rolls.rolls)
        self.seed = rolls.seed
        for given in rolls.unused():
            self.note(f"the given roll {given!r} was not used: no roll had that purpose")
        if reader_note:
            self.note(reader_note)
        self.redact(names, unseen)
        return self

    def redact(self, names, unseen=()):
        """Replaces each name of `names` ({name: what the viewer calls it}) wherever it stands as a
        whole name: titles, lines, their data, roll purposes and notes. A line that names one of
        `unseen` (what the viewer may not know is there at all) is left out, since where it stands
        would tell; a note says lines were left out."""
        if not names:
            return
        pattern = re.compile("|".join(rf"(?<![\w.]){re.escape(n)}(?![\w])"
                                      for n in sorted(names, key=len, reverse=True)))
        hidden = re.compile("|".join(rf"(?<![\w.]){re.escape(n)}(?![\w])" for n in unseen)) if unseen else None

        def tells(line):
            return hidden is not None and (hidden.search(line.text) or hidden.search(json.dumps(_plain(line.data))))

        def clean(value):
            if isinstance(value, str):
                return pattern.sub(lambda m: names[m.group(0)], value)
            if isinstance(value, Quantity):
                return dataclasses.replace(value, name=clean(value.name), of=clean(value.of))
            if isinstance(value, dict):
                return {clean(k): clean(v) for k, v in value.items()}
            if isinstance(value, (list, tuple)):
                return type(value)(clean(v) for v in value)
            return value

        self.title = clean(self.title)
        left_out = 0
        for s in self.sections:
            s.title = clean(s.title)
            kept = [line for line in s.lines if not tells(line)]
            left_out += len(s.lines) - len(kept)
            s.lines = [Line(clean(line.text), clean(line.data)) for line in kept]
        if left_out:
            self.note(f"{left_out} line(s) about what this reader cannot see are left out")
        self.rolls = [dataclasses.replace(r, purpose=clean(r.purpose)) for r in self.rolls]
        self.notes = [clean(n) for n in self.notes]

    def chat_lines(self):
        """The report as VASSAL chat lines: the title, then each section's lines under its title."""
        lines = [f"[Adjutant] {self.title}"]
        for s in self.sections:
            lines.append(f"[Adjutant] {s.title}")
            lines.extend(f"[Adjutant]   {line.text}" for line in s.lines)
        return lines


def _as_list(quantity):
    """A line's `quantity` as a list: none, one or several."""
    if quantity is None:
        return []
    return list(quantity) if isinstance(quantity, (list, tuple)) else [quantity]


def _line_data(line):
    """A JSON line's data, its quantities Quantity objects again."""
    data = {k: v for k, v in line.items() if k != "text"}
    quantity = data.get("quantity")
    if isinstance(quantity, dict):
        data["quantity"] = Quantity.from_json(quantity)
    elif isinstance(quantity, list):
        data["quantity"] = [Quantity.from_json(q) for q in quantity]
    return data


def _plain(data):
    """Data as JSON holds it: fractions as strings such as '3' or '7/2', a Quantity as
    {"name", "value", "of"}."""
    def plain(value):
        if isinstance(value, Quantity):
            return value.as_json()
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, (str, int, float, bool)) or value is None:
            return value
        return str(value)
    return plain(data)
