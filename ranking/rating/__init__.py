"""The skill rating beside the German ranking (issue 33): its recompute, its public lists (per
year and all-time), CSV, API, a player's history and the expectation at a table."""
