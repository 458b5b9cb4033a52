"""Write wild_perft.epd (see oracles/wild_perft_table.py): the reference's perft counts of its
wild-card positions. Takes a few seconds. From the repository's root:

    PYTHONPATH=tests python -m oracles.data.make_wild_perft_table
"""

from oracles.data.make_perft_table import write_table
from oracles.reference_wild_game import wild_perft
from oracles.wild_perft_table import PATH, POSITIONS, position_text, start


def main():
    write_table(PATH, ((position_text(start(setup, rules)),
                        [wild_perft(start(setup, rules), d) for d in range(1, depth + 1)], name)
                       for name, setup, depth, rules in POSITIONS))


if __name__ == "__main__":
    main()
