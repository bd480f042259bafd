// Node peer for bench/http (see ../README.md): the `http` module, one process.
// GET /hello  -> {"message":"Hello, World!"}       (JSON.stringify per request)
// GET /items  -> the 50-item document of the spec  (built and JSON.stringify'd per request)
'use strict';
const http = require('http');

const TAGS = ['alpha', 'bravo', 'charlie'];

function buildItems() {
  const items = [];
  for (let i = 1; i <= 50; i++) {
    const price = 1000 + 37 * i;
    const quantity = (i % 7) + 1;
    items.push({
      id: i,
      name: `Item ${i}`,
      category: `category-${i % 5}`,
      price: price,
      quantity: quantity,
      active: i % 4 !== 0,
      tags: TAGS.slice(),
      rating: { score: (i % 5) + 0.5, count: 10 * i },
      total: price * quantity,
    });
  }
  return { items: items };
}

function sendJSON(res, body) {
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/hello') {
    sendJSON(res, JSON.stringify({ message: 'Hello, World!' }));
  } else if (req.method === 'GET' && req.url === '/items') {
    sendJSON(res, JSON.stringify(buildItems()));
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain', 'Content-Length': 10 });
    res.end('not found\n');
  }
});

const port = Number(process.env.PORT || 18082);
server.keepAliveTimeout = 65000;
server.listen(port, '127.0.0.1');
