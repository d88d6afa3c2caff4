"""What a procedure reports: sections of lines, each line with the data behind it (a roll and its
modifiers, a distance and its path, a result), the rolls made and the seed they came from. Printed
as text, written as JSON, posted as VASSAL chat lines.

A report is written for one viewer (a side, or the referee). The procedure computes with the whole
game and writes its report naming every unit; `redact` then renames what the viewer may not see
(adjutant.rules.visibility decides what that is), so no name slips through a line written later.
"""
import dataclasses
import json
import re
from dataclasses import dataclass, field

from .rolls import Roll


@dataclass
class Line:
    text: str
    data: dict = field(default_factory=dict)


@dataclass
class Section:
    title: str
    lines: list = field(default_factory=list)

    def add(self, text, **data):
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

    def json_text(self):
        return json.dumps(self.as_json(), indent=2) + "\n"

    @classmethod
    def from_json(cls, data):
        """The report a JSON report (as_json, or its text) holds; its data as JSON holds it."""
        if isinstance(data, str):
            data = json.loads(data)
        sections = [Section(s["title"], [Line(l["text"], {k: v for k, v in l.items() if k != "text"})
                                         for l in s["lines"]]) for s in data["sections"]]
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


def _plain(data):
    """Data as JSON holds it: fractions as strings such as '3' or '7/2'."""
    def plain(value):
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, (str, int, float, bool)) or value is None:
            return value
        return str(value)
    return plain(data)
