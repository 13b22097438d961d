/**
 * Just enough of an SMTP server (RFC 5321, no TLS, no auth) for tests: it
 * receives messages and keeps them. `hold()` makes it accept connections and
 * then say nothing (a mail server that hangs), `refuse()` makes it greet with
 * 421 (one that is down); `serve()` makes new connections work again.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface Delivery {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtp {
  port: number;
  url: string;
  deliveries: Delivery[];
  hold(): void;
  refuse(): void;
  serve(): void;
  close(): Promise<void>;
}

type Mode = 'serve' | 'hold' | 'refuse';

function converse(socket: Socket, deliveries: Delivery[]): void {
  let buffer = '';
  let inData = false;
  let current: Delivery = { from: '', to: [], data: '' };
  socket.write('220 fake ESMTP\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        current.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        inData = false;
        deliveries.push(current);
        current = { from: '', to: [], data: '' };
        socket.write('250 queued\r\n');
        continue;
      }
      const lineEnd = buffer.indexOf('\r\n');
      if (lineEnd === -1) return;
      const line = buffer.slice(0, lineEnd);
      buffer = buffer.slice(lineEnd + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
      else if (verb === 'MAIL') {
        current.from = line.replace(/^MAIL FROM:\s*/i, '');
        socket.write('250 ok\r\n');
      } else if (verb === 'RCPT') {
        current.to.push(line.replace(/^RCPT TO:\s*/i, ''));
        socket.write('250 ok\r\n');
      } else if (verb === 'DATA') {
        inData = true;
        socket.write('354 go ahead\r\n');
      } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    }
  });
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const deliveries: Delivery[] = [];
  const sockets = new Set<Socket>();
  let mode: Mode = 'serve';
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
    if (mode === 'hold') return;
    if (mode === 'refuse') {
      socket.end('421 fake service not available\r\n');
      return;
    }
    converse(socket, deliveries);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    hold: () => void (mode = 'hold'),
    refuse: () => void (mode = 'refuse'),
    serve: () => void (mode = 'serve'),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
