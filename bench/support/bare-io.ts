import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';

/** A bare Socket.IO server with the product's transport settings: the stream benchmarks' baseline. */
export function createBareIo(http: HttpServer): Server {
  return new Server(http, {
    path: '/socket.io',
    serveClient: false,
    transports: ['websocket', 'polling'],
    maxHttpBufferSize: 16 * 1024,
    pingTimeout: 20_000,
  });
}
