"""The venue mode's pages (issue 18): the director's section, the federation's review,
the laptop's upload endpoint."""
