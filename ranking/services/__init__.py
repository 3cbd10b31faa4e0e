"""Writes of the ranking side: recompute, appeals, decisions, player accounts."""
