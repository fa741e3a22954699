"""A test's own HTTP server: threaded, on 127.0.0.1, on a free port, and stopping by itself if a test never
ends. A test's server class hands its request handler to ``LocalServer.__init__``."""

from __future__ import annotations

import http.server
import threading

LIFETIME = 300  # seconds before a server stops by itself


class LocalServer:
    def __init__(self, handler: type[http.server.BaseHTTPRequestHandler]) -> None:
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.timer = threading.Timer(LIFETIME, self.stop)
        self.timer.daemon = True
        self.timer.start()

    def stop(self) -> None:
        self.timer.cancel()
        self.server.shutdown()
        self.server.server_close()
