"""The club's ratings: a skill figure per player and game, from the closed sittings' results.

- ``model``: the arithmetic (pure, no Django): the Weng–Lin Plackett–Luce model of ``openskill``
  over sittings in date order, and the shown figure;
- ``models``: the stored rating rows, one per player and rated sitting (redundant, rebuildable);
- ``stored``: the one place that writes them, re-rating a club's game from a date on;
- ``results``: the read side: the rating table and a player's history.

Words: a **rated sitting** is a closed sitting of the game at which at least two players played
a deal; a player's **skill** is his mean and uncertainty after it; his **rating** the one whole
number shown (``model.shown``), *provisional* until he has ``PROVISIONAL_UNTIL`` rated sittings.
``docs/ratings.md`` says why each choice was made.
"""
