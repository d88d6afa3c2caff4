"""A module's buildFile made of VASSAL's own elements, for programs that generate a module (a
plugin's demo, the sample module): the game module with its sides, a map with one hex board, the
prototypes, a palette of pieces, predefined set-ups and global properties. Its text goes to
adjutant.write_module; piece texts come from adjutant.piece_definition.

    build = BuildFile("My Game", "1.0", "a demo", sides=("Union", "Confederate"), next_slot_id=10)
    game_map, board = build.hex_map("Main Map", "Board", "board.png", 1200, 900, x0=30, y0=32, dx=55.4, dy=64.0)
    build.prototype("Unit", piece_definition([...]))
    panel = build.palette("Counters", "Leaders")
    build.piece_slot(panel, "Lee", 1, piece_definition([...]))
    build.global_property("Turn", "1", "Game turn", isNumeric="true", min="1", max="12", wrap="false")
    adjutant.write_module("my.vmod", build.text(), images)
"""
import xml.etree.ElementTree as ET

PKG = "VASSAL.build."
BOARD = PKG + "module.map.boardPicker."
# The numbering the rulebooks' 4-digit hex names (column then row, from 01) need.
CCRR_NUMBERING = dict(hOff="1", vOff="1", hLeading="1", vLeading="1", stagger="true", locationFormat="$gridLocation$")


class BuildFile:
    def __init__(self, name, version, description, sides, next_slot_id, vassal_version="3.7.12"):
        self.root = ET.Element(PKG + "GameModule", name=name, version=version, VassalVersion=vassal_version,
                               description=description, nextPieceSlotId=str(next_slot_id))
        ET.SubElement(self.root, PKG + "module.BasicCommandEncoder")
        roster = ET.SubElement(self.root, PKG + "module.PlayerRoster", buttonText="Retire")
        for side in sides:
            ET.SubElement(roster, "entry").text = side
        self._prototypes = self._properties = None

    def hex_map(self, map_name, board_name, image, width, height, x0, y0, dx, dy, numbering=CCRR_NUMBERING):
        """A map with one board holding a hex grid: (the Map element, the Board element)."""
        game_map = ET.SubElement(self.root, PKG + "module.Map", mapName=map_name)
        picker = ET.SubElement(game_map, PKG + "module.map.BoardPicker")
        board = ET.SubElement(picker, BOARD + "Board", name=board_name, image=image, width=str(width),
                              height=str(height))
        grid = ET.SubElement(board, BOARD + "board.HexGrid", x0=str(x0), y0=str(y0), dy=repr(dy), dx=repr(dx))
        ET.SubElement(grid, BOARD + "board.mapgrid.HexGridNumbering", **numbering)
        return game_map, board

    def setup_stack(self, game_map, name, board, location):
        """An at-start stack placed by its grid location; add pieces with piece_slot."""
        return ET.SubElement(game_map, PKG + "module.map.SetupStack", name=name, owningBoard=board,
                             useGridLocation="true", location=location, x="0", y="0")

    def prototype(self, name, definition):
        if self._prototypes is None:
            self._prototypes = ET.SubElement(self.root, PKG + "module.PrototypesContainer")
        element = ET.SubElement(self._prototypes, PKG + "module.PrototypeDefinition", name=name, description="")
        element.text = definition

    def palette(self, window, panel):
        """A panel of a piece window (the palette players drag pieces from)."""
        found = self.root.find(f"{PKG}module.PieceWindow[@name='{window}']")
        if found is None:
            found = ET.SubElement(self.root, PKG + "module.PieceWindow", name=window)
        return ET.SubElement(found, PKG + "widget.PanelWidget", entryName=panel)

    def piece_slot(self, parent, name, slot_id, definition, size=None):
        """A PieceSlot in a palette panel or a SetupStack; `definition` from adjutant.piece_definition."""
        sized = {"width": str(size), "height": str(size)} if size else {}
        slot = ET.SubElement(parent, PKG + "widget.PieceSlot", entryName=name, gpid=str(slot_id), **sized)
        slot.text = definition
        return slot

    def predefined_setup(self, name, file=None):
        """A set-up in the File > New Game menu: a save inside the module, or the empty map."""
        where = {"file": file, "useFile": "true"} if file else {"useFile": "false"}
        ET.SubElement(self.root, PKG + "module.PredefinedSetup", name=name, isMenu="false", **where)

    def global_property(self, name, initial, description, **attributes):
        if self._properties is None:
            self._properties = ET.SubElement(self.root, PKG + "module.properties.GlobalProperties")
        ET.SubElement(self._properties, PKG + "module.properties.GlobalProperty", name=name, initialValue=initial,
                      description=description, **attributes)

    def text(self):
        """The buildFile as VASSAL writes one: an XML declaration, then the indented elements."""
        ET.indent(self.root)
        return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
                + ET.tostring(self.root, encoding="unicode") + "\n")
