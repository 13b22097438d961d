import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer.ts';

interface Delivery {
  from: string;
  to: string[];
  data: string;
}

/** Just enough of an SMTP server (RFC 5321, no TLS, no auth) to receive one message per session. */
function startFakeSmtpServer(deliveries: Delivery[]): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
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
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

describe('SMTP mailer', () => {
  const deliveries: Delivery[] = [];
  let server: Server;
  let port: number;
  beforeAll(async () => {
    ({ server, port } = await startFakeSmtpServer(deliveries));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends through the server at SMTP_URL instead of writing files', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Shop <shop@example.test>',
      dataDir: '/nonexistent',
    });
    const sent = await mailer.send({
      to: 'museum@example.test',
      replyTo: 'visitor@example.test',
      subject: 'Refund request',
      text: 'Please refund order 12.',
    });
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery?.from).toBe('<shop@example.test>');
    expect(delivery?.to).toEqual(['<museum@example.test>']);
    expect(delivery?.data).toContain(`Message-ID: ${sent.messageId}`);
    expect(delivery?.data).toMatch(/^Reply-To: visitor@example\.test\r?$/m);
    expect(delivery?.data).toContain('Please refund order 12.');
  });
});
