"""A local stand-in for Open-Meteo: answers every /v1/forecast request with the recorded reply and prints one line
per request to stdout, so bench/weather/run can count how many requests reached the provider."""
import http.server
import sys

body = open(sys.argv[1], "rb").read()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:  # noqa: N802
        print("request", self.path, flush=True)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Handler)
print("listening", server.server_address[1], flush=True)
server.serve_forever()
