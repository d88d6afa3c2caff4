"""Special attachment (7) on a save: each pair the player names (UNIT:TO) judged by
attachment.may_attach with the units read from the save (side, type, size, corps, designation;
the Union cavalry regiments by the rule's names, 3 IN and 6 NY) and whether the Union army is
reorganized (rule 2, read from the save). Nothing is written: the module shows an attachment by
stacking or by its markers; the procedure judges the pairs and refuses (exit 2) if the rules
refuse one."""

from .army import ArmyError
from .attachment import AttachUnit, may_attach
from .dates import show_date
from .command_procedures import had_panic, panic_state
from .takeover import takeover_turn

ORDINAL_SUFFIXES = ("st", "nd", "rd", "th")
PLAIN_WORDS = ("cavalry", "regiment", "volunteer", "volunteers")


class AttachmentRefused(ValueError):
    """The rules refuse one or more of the attachments named: every broken clause of each."""

    def __init__(self, refused):
        self.refused = tuple(refused)
        super().__init__("the attachment is refused: " + "; ".join(
            f"{unit} to {to}: " + "; ".join(clauses) for unit, to, clauses in self.refused))


def rule_name(charts, unit):
    """The name rule 7 (5) gives a Union cavalry regiment when the counter's name spells it out: "3rd
    Indiana Cavalry" is "3 IN" (its number, then the state's initials, or a one-word state's first
    two letters, as the chart's [attachment] union_cavalry writes them); any other name unchanged."""
    words = unit.name.replace(".", " ").split()
    if not words or unit.type != "cavalry":
        return unit.name
    number = words[0].lower()
    for suffix in ORDINAL_SUFFIXES:
        if number.endswith(suffix) and number[:-len(suffix)].isdigit():
            number = number[:-len(suffix)]
    state = [w for w in words[1:] if w.lower() not in PLAIN_WORDS]
    if not number.isdigit() or not state:
        return unit.name
    short = "".join(w[0] for w in state).upper() if len(state) > 1 else state[0][:2].upper()
    named = f"{number} {short}"
    return named if named in charts.rule("attachment", "union_cavalry") else unit.name


def army_reorganized(session, source):
    """(reorganized, why): rule 2 read from the save. The Union army is reorganized when every Union
    corps leader on the map carries the reorganized flag, or when the takeover schedule's turn on
    which every corps reorganizes ([takeover] panic_all_reorganized / no_panic_all_reorganized after
    TakeoverDate; the Panic schedule when PanicDate is on or before it) has come."""
    army = session.army
    leaders = army.corps_leaders("Union")
    flagged = [c.name for c in leaders if c.reorganized]
    if leaders and len(flagged) == len(leaders):
        return True, f"every Union corps leader on the map is reorganized ({', '.join(flagged)}) (2)"
    partly = (f"{', '.join(flagged)} reorganized, {', '.join(c.name for c in leaders if not c.reorganized)} not"
              if flagged else "no Union corps leader on the map is reorganized")
    if not army.global_value("takeover_date"):
        return False, f"{partly}, and McClellan has not taken command (no takeover date) (2)"
    panic, takeover = panic_state(session, source)
    if session.date is None:
        raise ArmyError("the save has no date (the companion file's [globals] date): the takeover schedule needs it")
    if session.date < takeover:
        return False, f"{partly}; McClellan takes command on {show_date(takeover)} (2)"
    turn = takeover_turn(session.charts, session.date, takeover, had_panic(panic, takeover))
    if turn.all_reorganized:
        return True, f"{partly}, but every corps reorganizes on this turn of the takeover schedule ({turn.clause})"
    return False, f"{partly}; {show_date(session.date)} is turn {turn.after} after the takeover ({turn.clause})"


def attach_unit(charts, unit):
    return AttachUnit(rule_name(charts, unit) if unit.side == "Union" else unit.name, unit.side, unit.type,
                      unit.size, unit.corps, unit.designation)


def judge_pairs(session, pairs, source):
    """Reports each pair's verdict, every clause; AttachmentRefused when the rules refuse any."""
    army, charts = session.army, session.charts
    reorganized, why = army_reorganized(session, source)
    session.report.section("The Union army (2)").add(
        f"{'reorganized' if reorganized else 'not reorganized'}: {why}", reorganized=reorganized)
    refused = []
    for name, to_name in pairs:
        unit, to = army.named(name), army.named(to_name)
        a, b = attach_unit(charts, unit), attach_unit(charts, to)
        verdict = may_attach(charts, a, b, army_reorganized=reorganized)
        section = session.report.section(f"{name} to {to_name} (7)")
        read_as = [f"{u.name} read as {x.name}" for u, x in ((unit, a), (to, b)) if x.name != u.name]
        section.add(f"{name}: {describe(unit)}; {to_name}: {describe(to)}"
                    + (f" ({'; '.join(read_as)}, 7 (5))" if read_as else ""), unit=name, to=to_name)
        section.add("may attach" if verdict.allowed else "may not attach", allowed=verdict.allowed)
        broken = list(verdict.broken)
        for clause in verdict.clauses:
            section.add(("broken: " if clause in broken else "kept: ") + clause, clause=clause,
                        kept=clause not in broken)
        where = (f"{unit.hex} and {to.hex}, {army.distance(unit.hex, to.hex)} hexes apart"
                 if army.same_board(unit.hex, to.hex) else "not on one board")
        section.add(f"{where}: where and when units attach is the Here Come the Rebels rule (page 28), not judged")
        if not verdict.allowed:
            refused.append((name, to_name, broken))
    if refused:
        raise AttachmentRefused(refused)


def describe(unit):
    """"Union cavalry regiment, no corps" and the designation, if any."""
    what = f"{unit.side} {unit.type}" + (f" {unit.size}" if unit.size else "")
    return f"{what}, {unit.corps or 'no corps'}" + (f", designation {unit.designation}" if unit.designation else "")


def parse_pairs(unit, to, pairs):
    """[(unit, to)] from unit= and to=, or from pairs=UNIT:TO,..."""
    found = []
    if unit or to:
        if not (unit and to):
            raise ArmyError("give unit= and to= together (or pairs=UNIT:TO,...)")
        found.append((unit.strip(), to.strip()))
    for item in (p.strip() for p in pairs.split(",") if p.strip()):
        name, sep, target = item.partition(":")
        if not sep or not name.strip() or not target.strip():
            raise ArmyError(f"pairs= is UNIT:TO[,UNIT:TO ...], not {item!r}")
        found.append((name.strip(), target.strip()))
    if not found:
        raise ArmyError("name the attachment: unit=NAME to=NAME, or pairs=UNIT:TO,...")
    return found
