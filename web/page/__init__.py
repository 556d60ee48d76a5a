"""The page's own Python, run by MicroPython on the page's thread (and by CPython in the tests)."""
