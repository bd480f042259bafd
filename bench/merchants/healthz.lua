-- wrk script: /healthz on the same server, the HTTP floor (one SELECT 1) next to the nearby query.
done = function(summary, latency, requests)
  io.write(string.format("LATENCY p50_ms=%.2f p99_ms=%.2f rps=%.0f non2xx=%d\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.requests / (summary.duration / 1e6),
    (summary.errors.status or 0)))
end
