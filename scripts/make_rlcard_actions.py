"""Write ddz_fast/data/rlcard_actions.txt, the ids of ``ActionSpace("rlcard")``, from the
installed RLCard: its action strings (``rlcard.games.doudizhu.utils.ID_2_ACTION``) one per line
in id order, after a header of ``#`` lines. Run it with rlcard 1.2.0 installed; the peer tests
(tests/interop/test_peer_rules.py) check the file against the installed package.

    python scripts/make_rlcard_actions.py
"""

import pathlib
import sys
from importlib import metadata

TABLE = pathlib.Path(__file__).resolve().parent.parent / "ddz_fast" / "data" / "rlcard_actions.txt"
VERSION = "1.2.0"


def main() -> None:
    from rlcard.games.doudizhu.utils import ID_2_ACTION

    installed = metadata.version("rlcard")
    if installed != VERSION:
        sys.exit(f"rlcard {installed} is installed; the rlcard preset is {VERSION}'s")
    header = [f"# RLCard {VERSION}'s Dou Dizhu actions (rlcard.games.doudizhu.utils.ID_2_ACTION),",
              "# one per line in id order: the line after this header is id 0.",
              "# Written by scripts/make_rlcard_actions.py; do not edit."]
    TABLE.write_text("\n".join(header + list(ID_2_ACTION)) + "\n", encoding="ascii")
    print(f"{TABLE}: {len(ID_2_ACTION)} actions")


if __name__ == "__main__":
    main()
