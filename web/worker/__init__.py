"""The engine worker's Python (Pyodide): its entry and the table it runs for the page."""
