import net from 'node:net';

/** A port on 127.0.0.1 that nothing listens on: bound, then closed, so a connection to it is refused. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server on 127.0.0.1 that accepts connections and never says a word (a service that hangs). */
export async function silentServer(): Promise<{
  port: number;
  /** When each connection opened and (once it has) closed, in ms since the epoch. */
  connections: { openedAt: number; closedAt?: number }[];
  stop(): Promise<void>;
}> {
  const connections: { openedAt: number; closedAt?: number }[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const connection: { openedAt: number; closedAt?: number } = { openedAt: Date.now() };
    connections.push(connection);
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      connection.closedAt = Date.now();
      sockets.delete(socket);
    });
    // Reads what comes (so the sender is never held back by a full buffer) and answers nothing.
    socket.resume();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    connections,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
