"""The combat options of a battle (LIN 10.1), apart from the battle's code so that declaring the
battle procedure (tasks/battle.py) needs no more than these names."""

ATTACKER_OPTIONS = ("probe", "assault", "pitched")
DEFENDER_OPTIONS = ("withdraw", "stand", "pitched")
OPTION_NAMES = {"probe": "Probe", "assault": "Assault", "pitched": "Pitched Battle", "withdraw": "Withdraw",
                "stand": "Stand"}
