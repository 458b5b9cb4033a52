"""Write the reference's lead tables (see oracles/leads_table.py), or check them against the
reference. From the repository's root:

    PYTHONPATH=tests python -m oracles.data.make_reference_table [TABLE]           # rewrite
    PYTHONPATH=tests python -m oracles.data.make_reference_table [TABLE] --check   # compare

TABLE is `presets` (reference_leads.json: about 230 s of CPU) or `shuttles`
(shuttle_leads.json); without one, both. The work is spread over a process per core.
"""

import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor

from oracles.leads_table import TABLES


def dumps(rows, table):
    """JSON with one hand per line."""
    return ('{"digest": "sha256 of the sorted lines \'kind length main counts\', 32 hex digits",\n'
            f' "columns": {json.dumps(table.columns)},\n'
            ' "hands": [\n  ' + ",\n  ".join(json.dumps(r) for r in rows) + "\n ]}\n")


def main():
    args = sys.argv[1:]
    check = "--check" in args
    names = [a for a in args if a != "--check"]
    if len(names) > 1 or any(name not in TABLES for name in names):
        sys.exit(__doc__)
    for name in names or TABLES:
        table = TABLES[name]
        with ProcessPoolExecutor(os.cpu_count() or 1) as pool:
            rows = list(pool.map(table.row, table.seeds, chunksize=8))
        assert "ddz_fast" not in sys.modules        # the answers are the reference's alone
        if check:
            old = table.load()
            differ = [new[0] for new, was in zip(rows, old) if new != was]
            if differ or len(rows) != len(old):
                sys.exit(f"{table.path} differs from the reference at seeds {differ[:10]} "
                         f"({len(differ)} hands); rewrite it with {sys.argv[0]}")
            print(f"{table.path} agrees with the reference on all {len(rows)} hands")
            continue
        with open(table.path, "w") as f:
            f.write(dumps(rows, table))
        print(f"wrote {table.path}: {len(rows)} hands")


if __name__ == "__main__":
    main()
