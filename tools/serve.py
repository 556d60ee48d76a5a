#!/usr/bin/env python3
"""Serve a built site with the right MIME types (standard library only).

    python3 tools/serve.py [DIR] [--port 8000] [--host 127.0.0.1] [--prefix /rummy-game/] [--gzip]

``--prefix`` serves DIR under a sub-path (like GitHub Pages project sites
``https://<user>.github.io/<repo>/``); ``/`` then redirects there. ``--gzip`` sends text and WebAssembly
gzipped, as GitHub Pages does (what a visitor downloads; the benchmarks measure with it).
The e2e tests import ``make_server`` from here.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import socketserver
import sys
import threading
from pathlib import Path
from typing import ClassVar

MIME = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".woff2": "font/woff2",
    ".html": "text/html",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    # the base class's own table, for every request (typeshed has it as an instance attribute: no ClassVar)
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}  # noqa: RUF012
    prefix = "/"
    quiet = True

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if self.prefix != "/":
            if not clean.startswith(self.prefix):
                return os.path.join(self.directory, "\0missing")
            path = "/" + path[len(self.prefix):]
        return super().translate_path(path)

    def send_head(self):
        clean = self.path.split("?", 1)[0]
        if self.prefix != "/" and clean in ("/", self.prefix.rstrip("/")):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        return super().send_head()

    def end_headers(self) -> None:
        # Like GitHub Pages: short HTTP caching; the service worker does the rest.
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


# What GitHub Pages sends gzipped (Content-Encoding): text and WebAssembly; not images or zip archives.
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".py", ".wasm", ".txt", ".toml")


class GzipHandler(Handler):
    """Handler with gzip for the files GitHub Pages compresses (each compressed once, then kept while the file
    stays the same)."""

    cache: ClassVar[dict[tuple[str, int, int], bytes]] = {}
    lock = threading.Lock()

    def send_head(self):  # type: ignore[no-untyped-def]
        clean = self.path.split("?", 1)[0]
        path = self.translate_path(self.path)
        if os.path.isdir(path) and clean.endswith("/"):
            path = os.path.join(path, "index.html")  # the folder's page, gzipped like any other
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        redirect = self.prefix != "/" and clean in ("/", self.prefix.rstrip("/"))
        if redirect or not accepts or not path.endswith(COMPRESSIBLE) or not os.path.isfile(path):
            return super().send_head()
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self.lock:
            body = self.cache.get(key)
            if body is None:
                body = gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)
                self.cache[key] = body
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    prefix = "/"
    server_address: tuple[str, int]  # made from a host name (text) and a port

    def handle_error(self, request, client_address) -> None:
        # A browser that navigates away mid-download resets the connection: not an error.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: str | os.PathLike, host: str = "127.0.0.1", port: int = 0,
                prefix: str = "/", quiet: bool = True, gzip: bool = False,
                requests: list[str] | None = None) -> Server:
    """A ready-to-run server (port 0 = any free port: read ``server.server_address``). ``gzip``: text and
    WebAssembly sent gzipped (GzipHandler); ``requests``: the path of every GET request it answers is appended
    to it (the query left off)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    attrs: dict[str, object] = {"prefix": prefix, "quiet": quiet}
    if requests is not None:
        def do_GET(self: Handler) -> None:  # the base class's name
            requests.append(self.path.split("?", 1)[0])
            http.server.SimpleHTTPRequestHandler.do_GET(self)
        attrs["do_GET"] = do_GET
    handler = type("SiteHandler", (GzipHandler if gzip else Handler,), attrs)
    server = Server((host, port), functools.partial(handler, directory=str(directory)))
    server.prefix = prefix
    return server


def run_in_thread(server: Server) -> str:
    """Run a server made by :func:`make_server` in a daemon thread; returns its base URL (ending in /)."""
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    host, port = server.server_address[:2]
    return f"http://{host}:{port}{server.prefix}"


def serve_in_thread(directory: str | os.PathLike, **kw) -> tuple[Server, str]:
    """Start a server in a daemon thread; returns (server, base URL ending in /)."""
    server = make_server(directory, **kw)
    return server, run_in_thread(server)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the built site.")
    ap.add_argument("directory", nargs="?", default=str(Path(__file__).resolve().parent.parent / "_site"))
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--prefix", default="/")
    ap.add_argument("--log", action="store_true", help="log every request")
    ap.add_argument("--gzip", action="store_true", help="send text and WebAssembly gzipped, as GitHub Pages does")
    args = ap.parse_args(argv)
    if not (Path(args.directory) / "index.html").exists():
        print(f"serve: {args.directory}/index.html not found; run `make site` first", file=sys.stderr)
        return 1
    server = make_server(args.directory, args.host, args.port, args.prefix, quiet=not args.log, gzip=args.gzip)
    host, port = server.server_address[:2]
    prefix = server.prefix
    print(f"Serving {args.directory} at http://{host}:{port}{prefix}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
