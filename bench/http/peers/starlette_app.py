"""Starlette peer for bench/http (see ../README.md), run by uvicorn with 1 worker.

GET /hello -> JSONResponse({"message": "Hello, World!"})
GET /items -> JSONResponse of the 50-item document, built per request (items.build())
"""
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

import items


async def hello(request):
    return JSONResponse({"message": "Hello, World!"})


async def item_list(request):
    return JSONResponse(items.build())


app = Starlette(routes=[Route("/hello", hello), Route("/items", item_list)])
