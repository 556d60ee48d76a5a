"""The game page: screens, table, input, saves (PyScript)."""
