"""Write perft.epd (see oracles/perft_table.py): the reference's perft counts of its positions.
Takes a few minutes. From the repository's root:

    PYTHONPATH=tests python -m oracles.data.make_perft_table
"""

import functools

from oracles import reference
from oracles.perft_table import PATH, POSITIONS, position_text, start
from oracles.reference_game import perft


def main():
    leads_of = functools.lru_cache(maxsize=None)(reference.leads)
    lines = []
    for name, setup, depth, distinct in POSITIONS:
        play = start(setup)
        counts = [perft(start(setup), d, distinct, leads_of) for d in range(1, depth + 1)]
        print(name, counts, flush=True)
        lines.append(" ;".join([position_text(play, distinct)]
                               + [f"D{d} {n}" for d, n in enumerate(counts, start=1)]
                               + [f'id "{name}"']))
    with open(PATH, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
