"""Write perft.epd (see oracles/perft_table.py): the reference's perft counts of its positions.
Takes a few minutes. From the repository's root:

    PYTHONPATH=tests python -m oracles.data.make_perft_table
"""

import functools

from oracles import reference
from oracles.perft_table import PATH, POSITIONS, position_text, start
from oracles.reference_game import perft


def write_table(path, entries):
    """Write (position text, perft counts from depth 1, name) entries as the table's lines."""
    lines = []
    for text, counts, name in entries:
        print(name, counts, flush=True)
        lines.append(" ;".join([text] + [f"D{d} {n}" for d, n in enumerate(counts, start=1)]
                               + [f'id "{name}"']))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    leads_of = functools.lru_cache(maxsize=None)(reference.leads)
    write_table(PATH, ((position_text(start(setup), distinct),
                        [perft(start(setup), d, distinct, leads_of) for d in range(1, depth + 1)],
                        name)
                       for name, setup, depth, distinct in POSITIONS))


if __name__ == "__main__":
    main()
