/**
 * At most `max` open connections, so that sockets never take the file descriptors the data file
 * needs, without letting slow clients lock everyone out (slowloris). Node's own `maxConnections`
 * refuses the newest connection at the cap: 600 connections that trickle their headers a byte at a
 * time kept 512 slots full, and every honest call was refused for as long as they went on. Here a
 * connection at the cap makes room instead: the connection that has waited longest without a call in
 * progress (still sending its headers or its body, or idle between keep-alive calls) is closed. A
 * call whose request has fully arrived is never cut; only when every connection holds one is the new
 * connection refused. Honest clients send their request at once, so they are the newest and keep
 * their place; a trickling client is always among the oldest.
 */
import type * as http from 'node:http';
import type { Socket } from 'node:net';

export function capConnections(server: http.Server, max: number): void {
  // Connections without a call in progress, oldest first (a Map iterates in insertion order).
  const waiting = new Map<Socket, true>();
  // Connections whose request has arrived and whose answer is not written yet.
  const serving = new Set<Socket>();

  server.on('connection', (socket: Socket) => {
    if (waiting.size + serving.size >= max) {
      const oldest = waiting.keys().next();
      if (oldest.done) {
        socket.destroy();
        return;
      }
      waiting.delete(oldest.value);
      oldest.value.destroy();
    }
    waiting.set(socket, true);
    socket.once('close', () => {
      waiting.delete(socket);
      serving.delete(socket);
    });
  });

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    // Until its body has arrived, the call can still be the slow one.
    req.once('end', () => {
      if (!waiting.delete(socket)) return;
      serving.add(socket);
    });
    res.once('finish', () => {
      if (!serving.delete(socket) || socket.destroyed) return;
      // Back at the end of the queue: idle since now.
      waiting.delete(socket);
      waiting.set(socket, true);
    });
  });
}
