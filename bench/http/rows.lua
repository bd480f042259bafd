-- wrk script for scenario (c): GET /rows?page=N with N varying over all 500 pages,
-- so the server's keyset/OFFSET position changes from request to request.
-- Each wrk thread walks its own permutation (stride 7919, a prime not dividing 500).
local pages = 500
local counter = 0
local offset = 0

function setup(thread)
  thread:set("thread_offset", math.random(0, pages - 1))
end

function init(args)
  offset = thread_offset or 0
end

function request()
  counter = counter + 1
  local page = (offset + counter * 7919) % pages + 1
  return wrk.format("GET", "/rows?page=" .. page)
end
