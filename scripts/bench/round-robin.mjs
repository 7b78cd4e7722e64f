// The smallest load balancer that does what one in front of several instances does: each new
// client connection goes to the next instance in turn, and its bytes are passed through as they
// are (a TCP proxy, so keep-alive connections stay on one instance, as behind nginx's stream
// module or a cloud L4 balancer). Hand-written because it is a dozen lines and the benchmark
// must measure the app, not a balancer's features; nginx is not installed here.
// `node scripts/bench/round-robin.mjs <port> <backend port>...`; prints "listening <port>".
import { connect, createServer } from 'node:net';

const [listenPort, ...backendPorts] = process.argv.slice(2).map(Number);
if (listenPort === undefined || backendPorts.length === 0) {
  throw new Error('usage: round-robin.mjs <port> <backend port>...');
}
let turn = 0;
const server = createServer((client) => {
  const port = backendPorts[turn % backendPorts.length];
  turn += 1;
  const backend = connect({ host: '127.0.0.1', port });
  client.setNoDelay(true);
  backend.setNoDelay(true);
  client.pipe(backend).pipe(client);
  const close = () => {
    client.destroy();
    backend.destroy();
  };
  client.on('error', close);
  backend.on('error', close);
  client.on('close', close);
  backend.on('close', close);
});
server.listen(listenPort, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
