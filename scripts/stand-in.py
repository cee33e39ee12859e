#!/usr/bin/env python3
"""Stand-ins for the hosts that material no one here wrote names (JMeter's template plans, Gatling's tutorial
simulations): HTTP/1.1 servers on loopback ports that answer what those journeys ask for and count everything that
reaches them, each TCP connection and each request, per port. Used by scripts/reach-check.sh.

    python3 scripts/stand-in.py --ports 0 0 --counts counts.json     # free ports, printed: "stand-ins ready on P1 P2"

Every answer is small and made here: a page whose title and heading are the ones the templates' assertions look for, a
list of computers with the links Gatling's tutorial follows, a bug page, a 404 for /test, a redirect to where ?to= says
(/away), a page embedding the image ?img= names (/page). GET /__counts answers the counts as JSON and is not counted
itself. The counts are also written to --counts at each request, so that nothing is lost when the process is stopped.
Requests of the build's own probes (the target's check before load and the simulations' /health, by Java's HTTP clients;
the wire probe) are counted apart as "probes", so that what a tool sent can be set beside what a stand-in got.
"""
import argparse
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

LOCK = threading.Lock()
COUNTS = {}
COUNTS_FILE = None

HOME = ("<html><head><title>Apache JMeter - Apache JMeter&trade;</title></head><body><h1>Example Domain</h1>"
        "<p>A stand-in on loopback.</p></body></html>")
CHANGES = ("<html><head><title>Apache JMeter - Changes</title></head><body><ul>"
           + "".join('<li><a href="https://bz.apache.org/bugzilla/show_bug.cgi?id=%d">bug %d</a></li>' % (n, n)
                     for n in (60001, 60002, 60003))
           + "</ul></body></html>")
BUG = "<html><body>This is <b>ASF Bugzilla</b>: the Apache Software Foundation bug system</body></html>"
COMPUTERS = ('<html><body><table>'
             '<tr><td><a href="/computers/6">MacBook Pro</a></td></tr>'
             '<tr><td><a href="/computers/7">ASUS Eee PC 1005PE</a></td></tr>'
             '</table></body></html>')


def count(port, key, probe=False):
    with LOCK:
        port_counts = COUNTS.setdefault(str(port), {"connections": 0, "requests": 0, "probes": 0, "paths": {}})
        if key is None:
            port_counts["connections"] += 1
        else:
            port_counts["requests"] += 1
            port_counts["probes"] += 1 if probe else 0
            port_counts["paths"][key] = port_counts["paths"].get(key, 0) + 1
        if COUNTS_FILE:
            with open(COUNTS_FILE, "w") as out:
                json.dump(COUNTS, out, indent=1, sort_keys=True)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        count(self.server.server_address[1], None)

    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type="text/html", headers=()):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def handle_any(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        if url.path == "/__counts":
            with LOCK:
                return self.answer(200, json.dumps(COUNTS), "application/json")
        agent = self.headers.get("User-Agent") or ""
        probe = agent.startswith("Java") or agent == "loadlab-wire-probe"
        count(self.server.server_address[1], self.command + " " + url.path, probe)
        if url.path == "/":
            return self.answer(200, HOME)
        if url.path == "/changes.html":
            return self.answer(200, CHANGES)
        if url.path.startswith("/bugzilla/"):
            return self.answer(200, BUG)
        if url.path == "/test":
            return self.answer(404, "<html><body>Not Found</body></html>")
        if url.path == "/computers" and self.command == "GET":
            return self.answer(200, COMPUTERS)
        if url.path == "/away":
            return self.answer(302, "", headers=[("Location", query.get("to", ["/"])[0])])
        if url.path == "/page":
            images = "".join('<img src="%s">' % src for src in ["/logo.png"] + query.get("img", []))
            return self.answer(200, "<html><body>%s</body></html>" % images)
        return self.answer(200, "ok", "text/plain")

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = handle_any


def main():
    global COUNTS_FILE
    parser = argparse.ArgumentParser()
    parser.add_argument("--ports", type=int, nargs="+", required=True)
    parser.add_argument("--counts", required=True)
    args = parser.parse_args()
    COUNTS_FILE = args.counts
    servers = [ThreadingHTTPServer(("127.0.0.1", port), Handler) for port in args.ports]
    for server in servers:
        COUNTS[str(server.server_address[1])] = {"connections": 0, "requests": 0, "probes": 0, "paths": {}}
    with open(COUNTS_FILE, "w") as out:
        json.dump(COUNTS, out)
    for server in servers[1:]:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print("stand-ins ready on " + " ".join(str(s.server_address[1]) for s in servers), flush=True)
    servers[0].serve_forever()


if __name__ == "__main__":
    main()
