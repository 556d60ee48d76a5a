"""The table app: the page's model, drawing and runner (MicroPython and CPython)."""
