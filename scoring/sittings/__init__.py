"""Sittings: their deals and revisions, the stored results, the sheet and the sitting documents."""
