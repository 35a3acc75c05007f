// A local TCP port nothing listens on: taken from the system, then released. For a server a test
// starts on a port it must know in advance (a chain, a database it restarts), or to reach nothing.
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
