#!/usr/bin/env python3
"""A Maven repository over HTTP on loopback, for the release check (scripts/release-check.sh): `mvn deploy` PUTs into
it, a build with an empty local repository GETs from it, as from a team's Nexus or Artifactory.

    python3 scripts/maven-repo.py --root DIR --port-file FILE

Serves DIR on 127.0.0.1 at a free port, written to FILE once it listens. GET and HEAD answer files (404 where none);
PUT writes one, making its folders. Every request is logged to DIR/../requests.log as "METHOD path status", so that a
check can tell what was deployed and what a build fetched. Nothing else: no listing, no authentication (loopback only).
"""
import argparse
import http.server
import pathlib
import sys


def handler_for(root: pathlib.Path, log: pathlib.Path):
    class Repository(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def file(self):
            path = (root / self.path.split("?", 1)[0].lstrip("/")).resolve()
            if root not in path.parents and path != root:
                return None  # a path out of the folder
            return path

        def answer(self, status, body=b""):
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            with log.open("a") as out:
                out.write(f"{self.command} {self.path} {status}\n")

        def do_GET(self):
            path = self.file()
            if path is None or not path.is_file():
                self.answer(404)
            else:
                self.answer(200, path.read_bytes())

        do_HEAD = do_GET

        def do_PUT(self):
            path = self.file()
            if path is None:
                self.answer(403)
                return
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(body)
            self.answer(201)

        def log_message(self, *args):
            pass  # the requests log above says what happened

    return Repository


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True)
    parser.add_argument("--port-file", required=True)
    args = parser.parse_args()
    root = pathlib.Path(args.root).resolve()
    root.mkdir(parents=True, exist_ok=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler_for(root, root.parent / "requests.log"))
    pathlib.Path(args.port_file).write_text(str(server.server_address[1]))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
