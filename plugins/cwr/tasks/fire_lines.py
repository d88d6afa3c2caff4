"""The tasks of fire_lines.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

from ..army import SIDES


def register(plugin):
    @plugin.procedure("fire-lines", "3.3, 4.0, 5.3: every line of fire of one side's units able to fire to the enemy "
                                    "hexes in range and in their frontal arc, each clear or blocked with the hex "
                                    "that blocks it and the clause; the side's frontal zones (3.4); with picture=, "
                                    "a picture of them.",
                      Parameter("side", str, "whose units fire", choices=SIDES),
                      Parameter("targets", str, "only these enemy hexes, HEX,HEX (default every one)", ""),
                      Parameter("visibility", int, "the turn's visibility in hexes (4.4; default unlimited)", None),
                      Parameter("picture", str, "write the picture to this new .png or .svg", "", output=True),
                      example="cwr-firefight.vsav side=Union")
    def fire_lines_procedure(context, side=None, targets="", visibility=None, picture=""):
        from ..fire_lines import draw_lines, run_lines
        from ..session import start
        session = start(context, f"{side} lines of fire (CWR 3.3, 4.0, 5.3)", side, one_side="fire-lines")
        found = run_lines(session, side, name_list(targets), visibility)
        if picture:
            draw_lines(session.army, side, found).save(picture)
            session.report.files.append(str(picture))
        return session.finish()
