"""Finals: the director's decisions of ties at a cut (SPEC §1 "Ties at a cut", Klub 4.2)."""
