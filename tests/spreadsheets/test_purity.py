"""The spreadsheet modules are pure Python and openpyxl: writing and reading load no Django."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import io, sys
from scoring.spreadsheets.reader import Column, open_workbook, read_csv_rows, read_name_list, read_rows
from scoring.spreadsheets.writer import Sheet, write_csv, write_xlsx
out = io.BytesIO()
write_xlsx([Sheet("Players", ("Name",), [["Anna"]])], out)
write_csv(Sheet("Players", ("Name",), [["Anna"]]), io.StringIO(), decimal_comma=True)
with open_workbook(out.getvalue(), max_bytes=10**6) as book:
    read_rows(book, "Players", [Column("name", ("Name",))])
read_csv_rows(b"Name\\nAnna\\n", [Column("name", ("Name",))], max_bytes=10**6)
read_name_list(out.getvalue(), None, max_bytes=10**6)
print(sorted(m for m in sys.modules if m == "django" or m.startswith("django.")))
"""


def test_it_writes_and_reads_without_importing_django() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
