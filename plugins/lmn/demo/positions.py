"""Where the demo's saves put the counters, which are face-down, and which wait off the map."""

# Face-down (6.0): infantry always; the cavalry named here face-up (it probes, 17.1).
FACE_UP_CAVALRY = {"CSA Cavalry 1", "CSA Cavalry 2", "Union Cavalry 1"}

# The rules' worked examples (rules catalogue 2E), each away from the others:
# 12.3 K: 26 against 9 is 2-1: XI Corps (9) in Frederick attacked from 1718 (J.R. Jones, McLaws,
# Anderson: 12, across the Monocacy), 1819 (D.R. Jones, Walker, Ewell: 12) and 1917 (two face-up cavalry
# brigades: 2); Longstreet in 1719, next to 1718 and 1819, gives them command control (11.0) and no bonus.
# 11.4: Lee with two 5-6 divisions (Hood, D.H. Hill) attacks with 20, against XII Corps (9) in 1612.
# 15.2: a unit of strength 5 in a fortification of strength 2 defends with 12: VIII Corps, its
# strength set to 5 for the example (the rulebook's number, not a step of the Union ladder), in
# Washington West (2, 1862), attacked by Jackson and A.P. Hill from 2121.
# A Confederate dummy holds Carlisle, so the city is a Confederate source (16.1) and Lee's force in
# 1611 is not isolated (12.4 M: isolated units may not attack).
COMBAT_HEXES = {
    "1608": ["CSA Dummy 1"],
    "1818": ["XI Corps"],
    "1718": ["J.R. Jones", "McLaws", "Anderson"],
    "1819": ["D.R. Jones", "Walker", "Ewell"],
    "1917": ["CSA Cavalry 1", "CSA Cavalry 2"],
    "1719": ["Longstreet"],
    "1611": ["Lee", "Hood", "D.H. Hill"],
    "1612": ["XII Corps"],
    "2222": ["Washington West", "VIII Corps"],
    "2322": ["Washington East", "Pope"],
    "2121": ["Jackson", "A.P. Hill"],
    "2604": ["Union Cavalry 1", "Union Dummy 1"],   # at Reading, out of the way, for tests to move
}
COMBAT_STRENGTHS = {"VIII Corps": 5}

# Turn 8 of 1862: Lee north of the Potomac at Sharpsburg, Jackson at Harper's Ferry, Stuart's cavalry
# probing a Union dummy east of the Monocacy, XII Corps out of command near the Baltimore and Ohio,
# the Washington forts manned; the militia and a dummy eliminated earlier wait off the map.
DEMO_HEXES = {
    "1320": ["Lee", "Hood", "D.H. Hill"],
    "1321": ["Longstreet", "McLaws", "Anderson"],
    "1423": ["Jackson", "A.P. Hill", "Walker"],
    "1524": ["J.R. Jones", "CSA Dummy 1"],
    "1814": ["CSA Cavalry 1"],
    "1815": ["Union Dummy 1"],
    "2018": ["XII Corps"],
    "2322": ["Washington East", "Pope", "I Corps", "McClellan"],
    "2222": ["Washington West", "VIII Corps"],
    "2618": ["Baltimore Fort", "IX Corps"],
    "2420": ["XI Corps"],
    "1926": ["Union Cavalry 1"],
}
DEMO_OFF_MAP = ["Militia 1", "Militia 2", "Militia 3", "Militia 4", "Militia Dummy 1", "Militia Dummy 2",
                "CSA Dummy 4"]
