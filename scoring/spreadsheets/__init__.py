"""Spreadsheets: one writer for every export, one careful reader for every import."""
