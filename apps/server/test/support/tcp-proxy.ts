import net from 'node:net';

/**
 * A TCP relay between a server process and PostgreSQL that a test can cut and restore: a network
 * failure or a database restart as the server sees it, without touching the machine's PostgreSQL
 * (which other tests share). Cut: every open connection is reset and new ones are refused.
 */
export const startTcpProxy = async (target: { host: string; port: number }) => {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A reset by the cut is expected; it must not end the test process.
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(address && typeof address === 'object' ? address.port : port);
      });
    });
  const port = await listen(0);
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };
  return {
    port,
    cut,
    /** Accepts connections again, on the same port. */
    restore: async () => void (await listen(port)),
    close: cut,
  };
};
