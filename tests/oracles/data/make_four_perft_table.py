"""Write four_perft.epd (see oracles/four_perft_table.py): the reference's perft counts of its
four-player positions. Takes a few minutes. From the repository's root:

    PYTHONPATH=tests python -m oracles.data.make_four_perft_table
"""

import functools

from oracles import reference_four as four
from oracles.data.make_perft_table import write_table
from oracles.four_perft_table import PATH, POSITIONS, position_text, start
from oracles.reference_four_game import perft


def main():
    leads_of = functools.lru_cache(maxsize=None)(four.leads)
    entries = []
    for name, seed, depth, switches, sides in POSITIONS:
        counts = [perft(start(seed, switches, sides), d, switches, leads_of)
                  for d in range(1, depth + 1)]
        entries.append((position_text(seed, switches, sides), counts, name))
    write_table(PATH, entries)


if __name__ == "__main__":
    main()
