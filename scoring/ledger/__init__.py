"""The club ledger: seasons, money at the club's tariff, who pays whom, statistics."""
