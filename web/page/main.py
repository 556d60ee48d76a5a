# The page's entry, run by PyScript from source (MicroPython compiles it in the browser, so it stays this short).
# The start itself is web/page/start.py, compiled to bytecode by the build like the page's other modules.
from web.page.start import STARTING  # noqa: F401 (importing it starts the page)
