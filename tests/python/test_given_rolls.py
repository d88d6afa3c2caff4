"""Given rolls (`--roll PURPOSE=N`, docs/user-guide.md): each gives one roll, the first whose
purpose its pattern matches, wildcards included; the others come from the seed."""
from adjutant.procedures.rolls import Rolls


def test_a_wildcard_given_roll_gives_one_roll_the_first_it_matches():
    given = Rolls(1, ["*=4"])
    given.d6("I Corps reorganization")
    given.d6("II Corps reorganization")
    assert [(r.result, r.given) for r in given.rolls][0] == (4, True)
    assert not given.rolls[1].given
    assert not given.unused()


def test_a_pattern_given_twice_gives_two_rolls():
    given = Rolls(1, ["*=4", "*=4"])
    assert [given.d6("I Corps"), given.d6("II Corps")] == [4, 4]
    assert all(r.given for r in given.rolls)
