"""What a rules plugin is: a named set of checks and procedures with parameters and help.

A plugin module (or package) makes one ``Plugin`` called ``plugin`` and registers its functions::

    from adjutant.plugin import Plugin, Parameter

    plugin = Plugin("litn", "Lee Invades the North", rules="litn")

    @plugin.procedure("attrition", "Roll attrition for every unit out of supply.",
                      Parameter("turn", int, "the game turn"), example="litn-demo.vsav turn=5")
    def attrition(context, turn):
        ...

Every check and procedure gets a ``Context`` first. A plugin may also offer a demo, which
`adjutant demo` runs: it builds the plugin's example game in a folder and runs the plugin on it
(adjutant/demo.py has the steps it is made of). The demo names the files every procedure runs
with, so that a procedure's `example` (its game and parameters) is a command a user can run in the
demo's folder, and the plugin suite (tests/python/test_plugin_suite.py) runs it::

    @plugin.demo("The Command Phase of LIN 7.1 and the attrition of turn 5 on a small game",
                 module="litn-demo.vmod", companion="companion.toml", charts="charts.toml")
    def demo(folder, console):
        ...   # returns an adjutant.demo.DemoResult

A plugin may also register kinds of trace, which `adjutant trace KIND` runs (docs/tracing.md): a
function given a ``TraceContext`` (the map's Movement, the start hex and the situation of the
command line) and the kind's own parameters, returning Movement.trace's result or a ``TraceResult``::

    @plugin.trace("loc", "LIN 7.2: four non-road hexes, then road or rail to a depot.",
                  Parameter("major_river", str, "hexside features not crossed", (), many=True),
                  needs=("targets", "lines"))
    def loc(trace, major_river):
        return line_of_communication(trace.movement, trace.start, trace.targets, lines=trace.lines, ...)

The host (plugin_host.py) finds plugins by the entry point group ``adjutant.plugins``, by
``--plugin PATH``, and ships the built-in ones (plugins/ in the source tree) the same way.
"""
import re
import shlex
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import adjutant

from .procedures.outputs import write_file, write_procedure_outputs, write_text
from .rules.verdict_table import move_verdicts_text

_NO_DEFAULT = object()
# The spellings a bool parameter accepts, as True and as False; --help and the error name them.
_TRUE_WORDS = ("yes", "true", "1")
_FALSE_WORDS = ("no", "false", "0")
_BOOL_WORDS = "yes or no (or true/false, 1/0)"
BOOL_NOTE = "yes|no: yes or no; true/false and 1/0 are accepted too"   # under a help's parameters


def name_list(text):
    """A parameter's comma-separated names as a list: "A, B,C" is ["A", "B", "C"]; blanks dropped, [] for
    "" or None."""
    return [n.strip() for n in str(text or "").split(",") if n.strip()]


# What named_values reads a value as: its note in the error, and the pattern it must match.
_NUMBERS = {None: ("", None), "count": (" (N a whole number)", r"\d+"),
            "signed": (" (N a whole number, + or -)", r"[+-]?\d+")}


def named_values(text, what, form="NAME:VALUE", number=None):
    """A parameter's comma-separated NAME:VALUE items as [(name, value)]: "A:1, B:2" is [("A", "1"),
    ("B", "2")], [] for "" or None. The name is what comes before the last colon. `number`: "count" reads
    each value as a whole number, "signed" as one with + or - allowed; None keeps it as text.
    ValueError naming `what` and `form` (e.g. "LABEL:N") for an item with no name or no such value."""
    note, pattern = _NUMBERS[number]
    pairs = []
    for item in name_list(text):
        name, sep, raw = item.rpartition(":")
        if not sep or not name.strip() or (pattern and not re.fullmatch(pattern, raw.strip(), re.ASCII)):
            raise ValueError(f"{what} is {form}[,{form} ...]{note}, not {item!r}")
        pairs.append((name.strip(), int(raw) if number else raw.strip()))
    return pairs


@dataclass(frozen=True)
class Parameter:
    """A named input of a check or procedure, parsed from text on the command line."""

    name: str
    type: type = str
    help: str = ""
    default: Any = _NO_DEFAULT
    choices: Optional[tuple] = None
    many: bool = False  # a list of values: given as several words after a trace's option, or "a,b" as NAME=VALUE
    output: bool = False  # a path the procedure writes a new file to (picture=): `adjutant simulate` refuses it

    @property
    def required(self):
        return self.default is _NO_DEFAULT

    @property
    def option(self):
        """The command-line option of a trace kind's parameter: --major-river for major_river."""
        return "--" + self.name.replace("_", "-")

    def parse(self, text):
        """The value of `text` (a list of texts, or comma-separated text, for `many` values);
        ValueError naming the parameter otherwise."""
        if self.many:
            texts = text.split(",") if isinstance(text, str) else text
            return [self._parse_one(t.strip()) for t in texts if t.strip()]
        return self._parse_one(text)

    def _parse_one(self, text):
        try:
            if self.type is bool:
                lowered = text.strip().lower()
                if lowered not in _TRUE_WORDS + _FALSE_WORDS:
                    raise ValueError(text)
                value = lowered in _TRUE_WORDS
            else:
                value = self.type(text)
        except ValueError:
            wanted = _BOOL_WORDS if self.type is bool else self.type.__name__
            raise ValueError(f"parameter {self.name!r} wants {wanted}, not {text!r}") from None
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"parameter {self.name!r} must be one of {', '.join(map(str, self.choices))}")
        return value

    def describe(self, as_option=False):
        """"name=type: help", or "--name type: help" for a trace kind's option; a bool's type is
        written yes|no (true/false, 1/0 accepted), its default yes or no."""
        label = f"{self.option} " if as_option else f"{self.name}="
        if self.choices:
            kind = "|".join(map(str, self.choices))
        else:
            kind = "yes|no" if self.type is bool else self.type.__name__
        kind += "..." if self.many else ""
        shown = ("yes" if self.default else "no") if self.type is bool else repr(self.default)
        default = "" if self.required or self.default in (None, ()) else f" (default {shown})"
        return f"{label}{kind}{default}: {self.help}" if self.help else f"{label}{kind}{default}"


@dataclass
class Context:
    """What a check or procedure works on: the module, the companion file, and a game (None where
    the module itself is checked, as its SetupStacks are by `check setup`). `source` names the
    game's file for messages; `before`, when given, is an earlier save the game is compared with
    (`check moves --before`). A procedure also gets the chart file's path (`charts`; None for the
    plugin's own template), the dice (`rolls`, adjutant.rolls.Rolls) and the side it reports to
    (`side`: a side's name or "referee"); it changes `game` and returns an adjutant.report.Report."""

    module: Any
    companion: Any
    game: Any = None
    source: str = ""
    before: Any = None
    charts: Any = None
    rolls: Any = None
    side: str = "referee"


@dataclass(frozen=True)
class Task:
    """A check (reports verdicts, changes nothing) or a procedure (may change the game)."""

    kind: str  # "check" or "procedure"
    name: str
    help: str
    parameters: tuple
    run: Callable
    example: str = ""  # a procedure's "GAME NAME=VALUE ..." on the files of the plugin's demo
    logs_only: bool = False  # a moves check that judges a log only: `check moves --before` is refused
    quantities: tuple = ()  # the names of the quantities a procedure's report may mark (report.Quantity)

    def example_game(self):
        """The example's game file and its {name: text} parameters."""
        words = shlex.split(self.example)
        if not words:
            return None, {}
        return words[0], dict(w.split("=", 1) for w in words[1:])

    def arguments(self, given):
        """Keyword arguments from {name: text}: every parameter parsed, defaults filled in."""
        return _arguments(f"{self.kind} {self.name!r}", self.parameters, given)

    def run_and_write(self, context, given, output=None, report_file=None):
        """The procedure run on `context` with {name: text} parameters, the reader's side (context.side)
        as its side= when it takes one and none is given; the changed game written to `output` and the
        report to `report_file`, each replacing its file (a demo's own results). The report."""
        given = dict(given)
        if context.side != "referee" and any(p.name == "side" for p in self.parameters):
            given.setdefault("side", context.side)
        report = self.run(context, **self.arguments(given))
        write_procedure_outputs(report, context.game, output, report_file, replace=True)
        return report


# What a trace kind's function may take from the command line besides its own parameters: the
# TraceContext fields below, by their option (--to, --class, --most, --lines).
TRACE_INPUTS = {"targets": "--to", "unit_class": "--class", "most": "--most", "lines": "--lines"}


@dataclass
class TraceContext:
    """What a trace kind traces on: `movement` (Companion.movement(map); its .trace is the general
    search of docs/tracing.md), the `start` hex, and the situation the command line gives: `targets`
    (--to), `unit_class` (--class), `most` (--most, as text: hexes or MP, as the kind reads it),
    `lines` (--lines), `enemy` and `friendly` (hexes with units), `zones` (Movement.zones exerted
    from the --zones hexes, or None)."""

    movement: Any
    start: str
    targets: list = field(default_factory=list)
    unit_class: Optional[str] = None
    most: Optional[str] = None
    lines: list = field(default_factory=list)
    enemy: list = field(default_factory=list)
    friendly: list = field(default_factory=list)
    zones: Any = None


@dataclass
class TraceResult:
    """What a trace kind may return instead of a bare trace (Movement.trace's result): the trace, a
    verdict printed before it ("supplied"), and facts added to the --json output."""

    trace: Any
    verdict: str = ""
    facts: dict = field(default_factory=dict)


@dataclass(frozen=True)
class TraceKind:
    """A kind of trace: run(TraceContext, **parameters) returns a trace or a TraceResult. `needs`
    names the TraceContext inputs (TRACE_INPUTS) it cannot do without."""

    name: str
    help: str
    parameters: tuple
    needs: tuple
    run: Callable

    def arguments(self, given):
        """Keyword arguments from {name: text or texts}: every parameter parsed, defaults filled in."""
        return _arguments(f"trace {self.name!r}", self.parameters, given)


@dataclass(frozen=True)
class Demo:
    """A plugin's demo: run(folder, console) writes the plugin's example game into `folder` where it
    is missing, runs the plugin on it, writes the results there (replacing only its own earlier
    results), shows its progress on `console` (a rich Console) and returns an adjutant.demo.DemoResult.
    `module`, `companion` and `charts` name the demo's files the procedures' examples run with."""

    help: str
    run: Callable
    module: str = ""
    companion: str = ""
    charts: str = ""


@dataclass
class Plugin:
    """A rules plugin: its name, what it is for, and what it registered."""

    name: str
    title: str
    rules: str = ""  # the companion files' `rules` value it serves ("" for any)
    sides: tuple = ("Union", "Confederate")  # the sides `--side` may name (besides "referee")
    fallback: bool = False  # runs the checks of companion files whose `rules` no installed plugin serves
    source: str = ""  # where the host found it, filled in by the host
    tasks: dict = field(default_factory=dict)
    demonstration: Optional[Demo] = None  # what `adjutant demo` runs, registered with `demo`
    trace_kinds: dict = field(default_factory=dict)  # what `adjutant trace` runs, registered with `trace`

    def check(self, name, help, *parameters, logs_only=False):
        """`logs_only`: the check judges a log's moves only, never two saves (`check moves --before`
        is refused before it runs)."""
        return self._register("check", name, help, parameters, logs_only=logs_only)

    def procedure(self, name, help, *parameters, example="", quantities=()):
        """`example` is the procedure run on the demo's files: "GAME NAME=VALUE ...", shown in its
        help as a whole command line. `quantities` names every quantity its reports may mark
        (report.Quantity's name: "CP", "SP lost"); `adjutant plugins` lists them and `adjutant
        simulate` refuses a procedure that declares none."""
        if isinstance(quantities, str) or not all(isinstance(q, str) and q for q in quantities):
            raise TypeError(f"procedure {name!r}: quantities= takes a tuple of names (\"CP\", \"MA\"), "
                            f"not {quantities!r}")
        listed = next((q for q in quantities if "," in q), None)
        if listed is not None:   # the lists of names (`adjutant plugins`, simulate's messages) join them with commas
            raise ValueError(f"procedure {name!r}: the quantity name {listed!r} has a comma; name one amount or "
                             f"outcome without one")
        return self._register("procedure", name, help, parameters, example, quantities=tuple(quantities))

    def demo(self, help, module="", companion="", charts=""):
        """Registers the plugin's demo, a function (folder, console) -> adjutant.demo.DemoResult,
        with the names of the module, companion file and chart file it writes."""
        if self.demonstration is not None:
            raise ValueError(f"plugin {self.name!r} registers a demo twice")

        def register(function):
            self.demonstration = Demo(help, function, module, companion, charts)
            return function
        return register

    def judge_demo_log(self, ws, game, charts, log="moves.vlog", report="moves.txt"):
        """A demo's `check moves`: `game`, changed, written as the log `log` in the demo folder
        `ws` (adjutant.procedures.demo.DemoWorkspace), read back and judged by this plugin's moves
        check with the chart file `charts` (a name in the folder), the verdicts written as
        `report`; (the verdicts, the first piece of each illegal move, comma-separated, or "none")."""
        write_file(ws.path(log), game.save_log, replace=True)
        context = Context(ws.module, ws.companion, adjutant.open_game(str(ws.path(log)), ws.module), str(ws.path(log)),
                          charts=str(ws.path(charts)))
        verdicts = self.tasks["moves"].run(context)
        write_text(ws.path(report), move_verdicts_text(log, verdicts), replace=True)
        return verdicts, ", ".join(v.pieces[0] for v in verdicts if v.legal is False) or "none"

    def example_command(self, task):
        """The task's example as a command line on the demo's files, or "" without one."""
        if not task.example:
            return ""
        demo = self.demonstration
        game, parameters = task.example_game()
        words = ["adjutant", "run", f"{self.name}.{task.name}", game]
        if demo is not None:
            words += ["--module", demo.module, "--companion", demo.companion]
            words += ["--charts", demo.charts] if demo.charts else []
        words += [f"{k}={v}" for k, v in parameters.items()]
        return shlex.join(words)

    def trace(self, name, help, *parameters, needs=()):
        """Registers a kind of trace, a function (TraceContext, **parameters) -> trace or TraceResult."""
        if name in self.trace_kinds:
            raise ValueError(f"plugin {self.name!r} registers the trace {name!r} twice")
        _check_parameters(f"trace {name!r}", parameters)
        unknown = [n for n in needs if n not in TRACE_INPUTS]
        if unknown:
            raise ValueError(f"trace {name!r} needs {unknown[0]!r}, which is none of {', '.join(TRACE_INPUTS)}")

        def register(function):
            self.trace_kinds[name] = TraceKind(name, help, tuple(parameters), tuple(needs), function)
            return function
        return register

    def checks(self):
        return [t for t in self.tasks.values() if t.kind == "check"]

    def procedures(self):
        return [t for t in self.tasks.values() if t.kind == "procedure"]

    def _register(self, kind, name, help, parameters, example="", logs_only=False, quantities=()):
        if name in self.tasks:
            raise ValueError(f"plugin {self.name!r} registers {name!r} twice")
        _check_parameters(f"{kind} {name!r}", parameters)

        def register(function):
            self.tasks[name] = Task(kind, name, help, tuple(parameters), function, example, logs_only, quantities)
            return function
        return register


def _check_parameters(what, parameters):
    for p in parameters:
        if not isinstance(p, Parameter):
            raise TypeError(f"{what}: parameters must be adjutant.plugin.Parameter, not {p!r}")


def _arguments(what, parameters, given):
    known = {p.name: p for p in parameters}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(f"{what} has no parameter {unknown[0]!r} (it has: {', '.join(known) or 'none'})")
    values = {}
    for p in parameters:
        if p.name in given:
            values[p.name] = p.parse(given[p.name])
        elif p.required:
            raise ValueError(f"{what} needs parameter {p.name!r}")
        elif p.many and p.default is not None:
            values[p.name] = list(p.default)
        else:
            values[p.name] = p.default
    return values
