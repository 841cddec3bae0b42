// The raw baseline (ARCHITECTURE §6): the same data as each GraphQL read scenario, read by
// hand-written SQL over `pg` and served as the same JSON by a bare `node:http` handler. What
// Stockroom spends above this is the cost of its layers. POST /<scenario> with the scenario's
// GraphQL variables as the JSON body; answers { data }. Started by bench/run.mjs: DATABASE_URL, PORT.
import http from 'node:http';
import { customerList } from './customers.mjs';
import { inventoryList } from './inventory.mjs';
import { orderDetail } from './order-detail.mjs';
import { orderList } from './orders.mjs';
import { productDetail, productListAdmin, productListFull, productSearch } from './products.mjs';

const ROUTES = {
  '/products-admin': productListAdmin,
  '/products-full': productListFull,
  '/product-search': productSearch,
  '/product-detail': productDetail,
  '/customers': customerList,
  '/inventory': inventoryList,
  '/orders': orderList,
  '/order-detail': orderDetail,
};

http
  .createServer((req, res) => {
    if (req.url === '/readyz') return res.end('ok');
    const route = ROUTES[req.url];
    if (!route) return res.writeHead(404).end();
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const variables = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
        const body = JSON.stringify({ data: await route(variables) });
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      } catch (error) {
        res.writeHead(500).end(String(error?.stack ?? error));
      }
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
