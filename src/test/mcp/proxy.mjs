// A forwarding proxy for MCP clients that cannot send credentials (the conformance suite): every
// request goes to the target with the given Authorization header added; everything else, Host and
// Origin included, passes through unchanged, and responses (event streams too) stream back as they
// come. Listens on 127.0.0.1 only and prints "listening <port>" once it does.
// Usage: node proxy.mjs <target base, e.g. http://127.0.0.1:9181> <Authorization header value>
import http from 'node:http';

const [target, authorization] = process.argv.slice(2);
if (!target || !authorization) {
  console.error('usage: node proxy.mjs <target> <authorization>');
  process.exit(2);
}
const upstream = new URL(target);

const server = http.createServer((request, response) => {
  const headers = { ...request.headers, authorization };
  const forwarded = http.request(
    {
      hostname: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers,
      setHost: false,
    },
    (answer) => {
      response.writeHead(answer.statusCode, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', (error) => {
    if (!response.headersSent) {
      response.writeHead(502, { 'content-type': 'text/plain' });
    }
    response.end(String(error));
  });
  response.on('close', () => forwarded.destroy());
  request.pipe(forwarded);
});

server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
