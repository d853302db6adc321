"""The translations' stamps written back into YAML files (ecarte_tutor.yamlio.set_in_entry, text_scalar): a
fingerprint that YAML would read as a number is quoted, so that it is read back as the same text."""
from __future__ import annotations

import yaml

from ecarte_tutor.yamlio import set_in_entry, text_scalar


def test_a_fingerprint_that_reads_as_a_number_is_quoted():
    for fingerprint in ("06404174", "12345678", "1e500000", "0x1f2e3d"):
        assert yaml.safe_load(f"of: {text_scalar(fingerprint)}") == {"of": fingerprint}
    assert text_scalar("1a2b3c4d") == "1a2b3c4d"  # text already: written as it is


def test_a_stamp_is_rewritten_in_its_entry_or_added_at_its_end():
    lines = ["rules:\n", "  play.lead:\n", "    title: Entamer\n", "    of: 1a2b3c4d\n", "\n",
             "  play.follow:\n", "    title: Fournir\n", "\n"]
    set_in_entry(lines, 1, "    ", "of", "06404174")
    set_in_entry(lines, 5, "    ", "of", "ffff0000")
    assert yaml.safe_load("".join(lines)) == {"rules": {
        "play.lead": {"title": "Entamer", "of": "06404174"}, "play.follow": {"title": "Fournir", "of": "ffff0000"}}}
    assert lines[4] == "\n" and lines[-1] == "\n"  # the blank lines between entries kept where they were
