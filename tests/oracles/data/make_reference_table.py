"""Write reference_leads.json (see oracles/leads_table.py), or check it against the reference.
From the repository's root:

    PYTHONPATH=tests python -m oracles.data.make_reference_table           # rewrite the table
    PYTHONPATH=tests python -m oracles.data.make_reference_table --check   # recompute, compare

Either takes about 230 s of CPU, spread over a process per core (about 120 s on 2 idle cores).
"""

import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor

from oracles.leads_table import (
    COLUMNS, PATH, RULE_SETS, SEEDS, deal, hand_text, lead_digest, lead_sets, load,
)


def row(seed_size):
    """A line of the table: seed, size, hand, then the number of leads and their digest under
    each rule set."""
    seed, size = seed_size
    hand = deal(seed, size)
    sets = lead_sets(hand)
    line = [seed, size, hand_text(hand)]
    for rules in RULE_SETS:
        line += [len(sets[rules]), lead_digest(sets[rules])]
    return line


def compute():
    with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        return list(pool.map(row, SEEDS, chunksize=8))


def dumps(rows):
    """JSON with one hand per line."""
    return ('{"digest": "sha256 of the sorted lines \'kind length main counts\', 32 hex digits",\n'
            f' "columns": {json.dumps(COLUMNS)},\n'
            ' "hands": [\n  ' + ",\n  ".join(json.dumps(r) for r in rows) + "\n ]}\n")


def main():
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit(__doc__)
    rows = compute()
    assert "ddz_fast" not in sys.modules        # the answers are the reference's alone
    if sys.argv[1:] == ["--check"]:
        differ = [new[0] for new, old in zip(rows, load()) if new != old]
        if differ or len(rows) != len(load()):
            sys.exit(f"{PATH} differs from the reference at seeds {differ[:10]} "
                     f"({len(differ)} hands); rewrite it with {sys.argv[0]}")
        print(f"{PATH} agrees with the reference on all {len(rows)} hands")
        return
    with open(PATH, "w") as f:
        f.write(dumps(rows))
    print(f"wrote {PATH}: {len(rows)} hands")


if __name__ == "__main__":
    main()
