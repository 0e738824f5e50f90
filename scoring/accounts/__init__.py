"""Accounts: logging in, with failed attempts throttled per name and per address."""
