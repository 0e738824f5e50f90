"""Tournaments: entrants, rounds, tables, the draw and standings."""
