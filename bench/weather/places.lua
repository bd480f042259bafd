-- wrk: each request asks for the forecast of one of the places in PLACES (comma separated), in turn.
local places = {}
for id in string.gmatch(os.getenv("PLACES") or "", "[^,]+") do places[#places + 1] = id end
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", "/api/v1/weather/forecast?place=" .. places[(counter % #places) + 1])
end
