"""The club: its players, members and roles, tariffs and default house rules, and their pages."""
