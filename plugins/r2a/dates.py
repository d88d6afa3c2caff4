"""The game's dates: one turn a day of 1862, written as the game's globals and the rules write them
("Aug 20", "Sep 2"; the rules also spell "August 27")."""
import datetime

YEAR = 1862


def game_date(text):
    """The datetime.date of 1862 that `text` names; ValueError when it names none."""
    for form in ("%b %d %Y", "%B %d %Y"):
        try:
            return datetime.datetime.strptime(f"{str(text).strip()} {YEAR}", form).date()
        except ValueError:
            pass
    raise ValueError(f"{text!r} is not a day of {YEAR} written like \"Aug 20\"")


def show_date(day):
    """"Aug 20" for datetime.date(1862, 8, 20)."""
    return f"{day:%b} {day.day}"
