"""The desk takes over the sheets its tables signed, in one pass (issue 28.4): services.py
writes (through `sheets.services.sheet_confirm`), views.py is the board's button."""
