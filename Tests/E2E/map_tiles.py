"""A local XYZ tile server for the online maps (商户's nearby page, Photo Studio's 地点) and where a position falls
on the tiles it drew."""

from __future__ import annotations

import math
import shutil
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse

import pytest


class TileServer:
    """A local tile server: 256 px PNG tiles rendered by ImageMagick (`convert`, from scripts/bootstrap --test),
    each labelled with its z/x/y; it records every tile asked for."""

    def __init__(self) -> None:
        convert = shutil.which("convert")
        if convert is None:
            pytest.fail("ImageMagick's convert is missing; run `scripts/bootstrap --test`.", pytrace=False)
        font = subprocess.run(["fc-match", "-f", "%{file}", "sans"], capture_output=True, text=True, timeout=10).stdout
        tiles: dict[str, bytes] = {}
        self.requested: list[tuple[int, int, int]] = []
        lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                parts = urlparse(self.path).path.split("/")
                if len(parts) != 5 or parts[1] != "tiles" or not parts[4].endswith(".png"):
                    self.send_error(404)
                    return
                try:
                    z, x, y = int(parts[2]), int(parts[3]), int(parts[4][:-4])
                except ValueError:
                    self.send_error(404)
                    return
                key = f"{z}/{x}/{y}"
                with lock:
                    owner.requested.append((z, x, y))
                    if key not in tiles:
                        tiles[key] = subprocess.run(
                            [convert, "-size", "256x256", "xc:#e9efe4", "-fill", "none", "-stroke", "#9aa99a",
                             "-draw", "rectangle 0,0 255,255", "-stroke", "none", "-fill", "#5c6b5c", "-font", font, "-pointsize", "16",
                             "-annotate", "+8+22", key, "png:-"], capture_output=True, check=True, timeout=20).stdout
                    body = tiles[key]
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def world_pixel(lat: float, lon: float, zoom: int) -> tuple[float, float]:
    """Web Mercator (EPSG:3857) pixel of a point at `zoom`, 256 px tiles: what every XYZ tile server draws."""
    scale = 256 * 2 ** zoom
    y = (1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2
    return (lon + 180) / 360 * scale, y * scale


def screen_point_on_tiles(driver, lat: float, lon: float, map_selector: str = ".mx-map") -> tuple[float, float]:
    """Where (lat, lon) in the tiles' datum falls on screen, found from the loaded tile images' z/x/y and rectangles."""
    loaded = driver.execute_script("""
        return Array.from(document.querySelectorAll(arguments[0] + ' img.leaflet-tile-loaded')).map(img => {
          const r = img.getBoundingClientRect();
          return [img.src, r.left, r.top, r.width];
        });""", map_selector)
    assert loaded, "no tile loaded"
    for src, left, top, width in loaded:
        z, x, y = (int(p) for p in urlparse(src).path.removesuffix(".png").split("/")[-3:])
        px, py = world_pixel(lat, lon, z)
        if x * 256 <= px < (x + 1) * 256 and y * 256 <= py < (y + 1) * 256:
            return left + (px - x * 256) * width / 256, top + (py - y * 256) * width / 256
    raise AssertionError(f"({lat}, {lon}) is on none of the {len(loaded)} loaded tiles")
