"""Photo Studio's 地点 Places (issue 29 item 8) in headless Chromium at 390×844. The library: nine real JPEGs of the
photo corpus given an EXIF GPS position here (as a phone with location on writes it) around Shanghai, Suzhou, Jiaxing
and Hangzhou, and two PNGs without one, imported with `appsuite import photos`. Offline (no tiles, the default): the
plot and the list of four areas, the count of photos without a place, an area's timeline; zh and en, light and dark.
With GCJ-02 tiles from a local tile server: the Leaflet map whose thumbnail markers sit at the server's conversion of
each area's position. Screenshots: artifacts/screenshots/places-*.png."""

from __future__ import annotations

import math
import os
import struct
import subprocess
from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, path_of, wait_for
from e2e_support import DEFAULT_BINARY, PASSWORD, ServerProcess, shared_data, unique_name
from map_tiles import TileServer, screen_point_on_tiles

# (corpus file, latitude, longitude): five around People's Square and Lujiazui, two in Suzhou, one in Jiaxing, one at
# West Lake. On the page's 20 km grid they are four areas of 5, 2, 1 and 1 photos.
PLACED = [("jolla.jpg", 31.2304, 121.4737), ("rocket.jpg", 31.2310, 121.4745), ("retina.jpg", 31.2298, 121.4730),
          ("hubble_deep_field.jpg", 31.2397, 121.4998), ("giunchedi_portrait.jpg", 31.2401, 121.5003),
          ("22-canon_tags.jpg", 31.2990, 120.5853), ("30-type_error.jpg", 31.3050, 120.6200),
          ("28-hex_value.jpg", 30.7522, 120.7585), ("42_IndexError.jpg", 30.2590, 120.1300)]
UNPLACED = ["coffee.png", "chelsea.png"]


def gps_exif(latitude: float, longitude: float) -> bytes:
    """An APP1 Exif segment holding only a GPS IFD (TIFF little-endian): GPSLatitudeRef/GPSLatitude and
    GPSLongitudeRef/GPSLongitude as degrees, minutes and seconds (1/10000 s), as cameras write them."""
    def dms(value: float) -> bytes:
        value = abs(value)
        degrees, minutes = int(value), int(value * 60) % 60
        seconds = round((value * 3600 - degrees * 3600 - minutes * 60) * 10000)
        return struct.pack("<6I", degrees, 1, minutes, 1, seconds, 10000)

    gps_at, data_at = 26, 26 + 2 + 4 * 12 + 4
    tiff = b"II*\x00" + struct.pack("<I", 8)
    tiff += struct.pack("<H", 1) + struct.pack("<HHII", 0x8825, 4, 1, gps_at) + struct.pack("<I", 0)
    tiff += struct.pack("<H", 4)
    tiff += struct.pack("<HHI4s", 1, 2, 2, (b"N" if latitude >= 0 else b"S") + b"\x00\x00\x00")
    tiff += struct.pack("<HHII", 2, 5, 3, data_at)
    tiff += struct.pack("<HHI4s", 3, 2, 2, (b"E" if longitude >= 0 else b"W") + b"\x00\x00\x00")
    tiff += struct.pack("<HHII", 4, 5, 3, data_at + 24)
    tiff += struct.pack("<I", 0) + dms(latitude) + dms(longitude)
    body = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def with_gps(jpeg: bytes, latitude: float, longitude: float) -> bytes:
    """The JPEG with its APP1 segments (Exif, XMP) replaced by `gps_exif`; the picture's bytes are unchanged."""
    assert jpeg[:2] == b"\xff\xd8"
    kept, at = [], 2
    while jpeg[at] == 0xFF and jpeg[at + 1] not in (0xDA, 0xD9):
        length = struct.unpack(">H", jpeg[at + 2:at + 4])[0]
        if jpeg[at + 1] != 0xE1:
            kept.append(jpeg[at:at + 2 + length])
        at += 2 + length
    return b"\xff\xd8" + gps_exif(latitude, longitude) + b"".join(kept) + jpeg[at:]


@pytest.fixture(scope="module")
def places_user(tmp_path_factory) -> dict:
    corpus = shared_data("photos/SOURCES.md") / "photos" / "ordinary"
    root = tmp_path_factory.mktemp("places")
    folder = root / "library"
    folder.mkdir()
    for name, latitude, longitude in PLACED:
        (folder / name).write_bytes(with_gps((corpus / name).read_bytes(), latitude, longitude))
    for name in UNPLACED:
        (folder / name).write_bytes((corpus / name).read_bytes())
    username = unique_name("places")
    env = {k: v for k, v in os.environ.items() if not k.startswith("APPSUITE_")}
    env.update({"APPSUITE_PHOTOS_USER": username, "APPSUITE_PHOTOS_PASSWORD": PASSWORD})
    binary = Path(os.environ.get("APPSUITE_BINARY", str(DEFAULT_BINARY)))
    done = subprocess.run([str(binary), "import", "photos", str(folder), "--data-dir", str(root / "data")],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return {"username": username, "root": root, "binary": binary}


def serve(places_user, log_dir: Path, extra_args: tuple[str, ...] = ()) -> Iterator[ServerProcess]:
    proc = ServerProcess(places_user["binary"], places_user["root"] / "data", log_dir, extra_args=extra_args)
    proc.start(timeout=30)
    yield proc
    assert proc.stop(timeout=15) == 0, proc.stderr_tail()
    assert not proc.problem_lines(), "\n".join(proc.problem_lines()[:20])


@pytest.fixture(scope="module")
def places_server(places_user, tmp_path_factory) -> Iterator[ServerProcess]:
    yield from serve(places_user, tmp_path_factory.mktemp("places-offline"))


@pytest.fixture(scope="module")
def tiles() -> Iterator[TileServer]:
    server = TileServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def tiled_server(places_user, places_server, tiles, tmp_path_factory) -> Iterator[ServerProcess]:
    """The same library served a second time with GCJ-02 tiles (after the offline server, which stops first)."""
    yield from serve(places_user, tmp_path_factory.mktemp("places-tiled"), (
        "--map-tile-url", f"http://127.0.0.1:{tiles.port}/tiles/{{z}}/{{x}}/{{y}}.png",
        "--map-tile-datum", "gcj02", "--map-tile-attribution", "本地测试底图 local test tiles"))


def sign_in(driver, server: ServerProcess, username: str) -> None:
    driver.get(server.base_url + "/healthz")
    driver.delete_all_cookies()
    driver.get(server.base_url + "/login")
    form = driver.find_element(By.CSS_SELECTOR, "form#login-form")
    form.find_element(By.NAME, "username").send_keys(username)
    form.find_element(By.NAME, "password").send_keys(PASSWORD)
    click_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), "login")


def set_scheme(driver, dark: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def small_targets(driver) -> list[str]:
    """The page's links, the plot's dots, the map's markers and zoom buttons smaller than 44 px either way (the
    tiles' attribution is small print)."""
    return driver.execute_script("""
        const out = [];
        for (const el of document.querySelectorAll('.list-group a, .places-plot svg a, .places-map .places-pin, .leaflet-control-zoom a, .state a')) {
          const r = el.getBoundingClientRect();
          if (r.width && r.height && (r.width < 44 || r.height < 44)) out.push((el.getAttribute('aria-label') || el.textContent) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
        }
        return out;""")


def severe_logs(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE" and "favicon" not in e["message"]]


def test_places_plot_list_and_an_areas_timeline(browser, places_server, places_user, screenshot):
    driver = browser
    sign_in(driver, places_server, places_user["username"])
    driver.get(places_server.base_url + "/photos?lang=zh")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "a[href='/photos/places']"), "open 地点")
    assert path_of(driver) == "/photos/places"
    summary = driver.find_element(By.ID, "places-summary").text
    assert summary == "9 张照片有地点，分布在 4 处（每处约 20 km 见方）。另有 2 张没有地点，不在图上。", summary
    dots = driver.find_elements(By.CSS_SELECTOR, ".places-plot-dot")
    assert len(dots) == 4
    counts = [cell.find_element(By.CSS_SELECTOR, ".cell-detail").text for cell in driver.find_elements(By.CSS_SELECTOR, ".list-group .cell")]
    assert counts == ["5 张", "2 张", "1 张", "1 张"], counts
    assert not driver.find_elements(By.CSS_SELECTOR, ".places-map"), "no tiles configured: no map"
    # The plot is north up at true scale: Suzhou is north-west of Shanghai, West Lake the south-west corner.
    def centre(label: str) -> tuple[float, float]:
        r = driver.execute_script("const r = document.querySelector(`a[aria-label^='${arguments[0]}'] .places-plot-dot`).getBoundingClientRect();"
                                  "return [r.left + r.width / 2, r.top + r.height / 2];", label)
        return r[0], r[1]
    shanghai, suzhou, hangzhou = centre("北纬 31.23°，东经 121.48°"), centre("北纬 31.30°，东经 120.60°"), centre("北纬 30.26°，东经 120.13°")
    assert suzhou[0] < shanghai[0] and suzhou[1] < shanghai[1] and hangzhou[0] < suzhou[0] and hangzhou[1] > shanghai[1], (shanghai, suzhou, hangzhou)
    assert not small_targets(driver), small_targets(driver)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    screenshot("places-01-plot-zh")
    driver.execute_script("document.querySelector('.list-section').scrollIntoView({block: 'start'});")
    screenshot("places-02-list-zh")
    set_scheme(driver, True)
    driver.get(places_server.base_url + "/photos/places?lang=en")
    assert "9 photos with a place, in 4 areas (about 20 km across each). 2 photos without a place are not shown." in driver.find_element(By.ID, "places-summary").text
    screenshot("places-03-plot-en-dark")
    driver.execute_script("document.querySelector('.list-section').scrollIntoView({block: 'start'});")
    screenshot("places-04-list-en-dark")
    set_scheme(driver, False)

    # Tapping Shanghai's dot opens the timeline of exactly its five photos.
    driver.get(places_server.base_url + "/photos/places?lang=zh")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "a[aria-label^='北纬 31.23°，东经 121.48°']"), "open Shanghai's photos")
    # A tile is the thumbnail, or its placeholder (data-alt) while the work pool still makes it.
    names = sorted(driver.execute_script(
        "return [...document.querySelectorAll('#photo-grid a.photo-link')].map(a => (a.querySelector('img') || {}).alt"
        " || a.querySelector('[data-alt]').getAttribute('data-alt'));"))
    assert names == sorted(name for name, _, _ in PLACED[:5]), names
    assert "只看地图上这一带拍的照片" in driver.find_element(By.ID, "timeline-filter").text
    screenshot("places-05-area-timeline-zh")
    assert not severe_logs(driver), severe_logs(driver)


def test_places_empty_state(browser, places_server, screenshot):
    driver = browser
    driver.get(places_server.base_url + "/healthz")
    driver.delete_all_cookies()
    driver.get(places_server.base_url + "/register")
    form = driver.find_element(By.CSS_SELECTOR, "form#register-form")
    form.find_element(By.NAME, "username").send_keys(unique_name("noplace"))
    form.find_element(By.NAME, "password").send_keys(PASSWORD)
    form.find_element(By.NAME, "password_confirmation").send_keys(PASSWORD)
    click_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), "register")
    driver.get(places_server.base_url + "/photos/places?lang=zh")
    state = driver.find_element(By.CSS_SELECTOR, ".empty-state").text
    assert "还没有带地点的照片" in state and "拍照时打开相机的定位" in state, state
    assert not small_targets(driver), small_targets(driver)
    screenshot("places-06-empty-zh")
    set_scheme(driver, True)
    driver.get(places_server.base_url + "/photos/places?lang=en")
    assert "Turn on location for your camera" in driver.find_element(By.CSS_SELECTOR, ".empty-state").text
    screenshot("places-07-empty-en-dark")
    set_scheme(driver, False)


def test_places_map_over_gcj02_tiles(browser, tiled_server, places_user, tiles, screenshot):
    driver = browser
    sign_in(driver, tiled_server, places_user["username"])
    driver.get(tiled_server.base_url + "/photos/places?lang=zh")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".places-map img.leaflet-tile-loaded")) >= 4,
             message="the map's tiles did not load")
    assert not driver.find_element(By.CSS_SELECTOR, ".places-plot-svg").is_displayed(), "the plot gives way to the map"
    assert "GCJ-02" in driver.find_element(By.CSS_SELECTOR, ".places-plot-note").text
    assert "本地测试底图" in driver.find_element(By.CSS_SELECTOR, ".leaflet-control-attribution").text
    wait_for(driver, lambda d: all(d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", i)
                                   for i in d.find_elements(By.CSS_SELECTOR, ".places-pin-body img")), message="marker thumbnails")
    # Each marker (a thumbnail with its count) sits where the server's GCJ-02 conversion of its area is on the tiles;
    # the stored WGS-84 position would be some 500 m off.
    pins = driver.find_elements(By.CSS_SELECTOR, ".places-map .places-pin-body")
    assert pins, severe_logs(driver)
    for pin in pins:
        # The marker carries its area's label as its title (Leaflet's `title`), as the plot's link does.
        title = pin.find_element(By.XPATH, "..").get_attribute("title")
        link = driver.find_element(By.CSS_SELECTOR, f".places-plot a[aria-label='{title}']")
        count = pin.find_element(By.CSS_SELECTOR, ".places-pin-count").text
        assert count == link.get_attribute("data-count"), (title, count)
        lat, lon = float(link.get_attribute("data-lat")), float(link.get_attribute("data-lon"))
        where = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", pin)
        assert math.dist(screen_point_on_tiles(driver, lat, lon, ".places-map"), where) < 2, (count, lat, lon, where)
    shanghai = driver.find_element(By.CSS_SELECTOR, ".places-plot a[data-count='5']")
    converted = (float(shanghai.get_attribute("data-lat")), float(shanghai.get_attribute("data-lon")))
    mean = (sum(p[1] for p in PLACED[:5]) / 5, sum(p[2] for p in PLACED[:5]) / 5)
    metres = math.dist(converted, mean) * 111_195
    assert 300 < metres < 700, metres
    assert not small_targets(driver), small_targets(driver)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    screenshot("places-08-map-zh")
    set_scheme(driver, True)
    driver.get(tiled_server.base_url + "/photos/places?lang=en")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".places-map img.leaflet-tile-loaded"), message="English map tiles")
    assert "GCJ-02" in driver.find_element(By.CSS_SELECTOR, ".places-plot-note").text
    screenshot("places-09-map-en-dark")
    set_scheme(driver, False)
    assert not severe_logs(driver), severe_logs(driver)
