"""Scorekeeping at the card table: starting a sitting, entering, correcting and taking back deals."""
