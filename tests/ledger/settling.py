"""What "transfers settle the balances" means, for the money tests and the property test."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.money import Transfer


def settles(balances: dict[str, int], made: Sequence[Transfer]) -> None:
    """Each transfer moves a positive amount, together they bring every party to its balance,
    and there are at most one fewer than the parties who pay or receive."""
    settled = dict.fromkeys(balances, 0)
    for transfer in made:
        assert transfer.cents > 0
        settled[transfer.payer] -= transfer.cents
        settled[transfer.payee] += transfer.cents
    assert settled == balances
    assert len(made) <= max(0, sum(1 for cents in balances.values() if cents) - 1)
