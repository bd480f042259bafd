-- wrk script: GET /api/v1/merchants/nearby at random points over central Shanghai (where the OSM data is dense),
-- nearest 20 within 1 km; the same seed every run so runs are comparable.
math.randomseed(20261201)
local paths = {}
for i = 1, 1000 do
  local lat = 31.15 + math.random() * 0.15
  local lon = 121.38 + math.random() * 0.17
  paths[i] = string.format("/api/v1/merchants/nearby?lat=%.5f&lon=%.5f&radius=1000&limit=20", lat, lon)
end
local n = 0
request = function()
  n = n % #paths + 1
  return wrk.format("GET", paths[n])
end
done = function(summary, latency, requests)
  io.write(string.format("LATENCY p50_ms=%.2f p99_ms=%.2f rps=%.0f non2xx=%d\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.requests / (summary.duration / 1e6),
    (summary.errors.status or 0)))
end
