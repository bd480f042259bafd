-- wrk script for bench/gaokao-day: each request the next of the drawn results-day requests (requests.py writes
-- them to the file given after `--`), every tenth a /healthz. `page` as the second argument asks for the
-- 豹考通 page (/gaokao/recommend) with the drawn profile as its signed-out cookie, else the recommendations API.
-- Each wrk thread starts at its own offset in the list.
local counter = 0
local offset = 0
local page = false

function setup(thread)
  thread:set("thread_offset", math.random(0, 9999))
end

function init(args)
  dofile(args[1])
  page = args[2] == "page"
  offset = thread_offset or 0
end

function request()
  counter = counter + 1
  if counter % 10 == 0 then
    return wrk.format("GET", "/healthz")
  end
  local drawn = requests[(offset + counter) % #requests + 1]
  if page then
    return wrk.format("GET", "/gaokao/recommend", { ["Cookie"] = drawn[2] })
  end
  return wrk.format("GET", drawn[1])
end
