"""When a voluntary retreat is made (LFM 9, 11, 23.3), apart from its code so that declaring the
procedure (tasks/voluntary_procedures.py) needs no more than these names."""

CLAUSE = {"before": "9", "after": "11", "night": "23.3"}   # the rule of each when=
WHEN = {"before": "before combat", "after": "after combat", "night": "at night"}
