import { createServer, type Socket } from 'node:net';

export type ReceivedMail = { recipients: string[]; data: string };

/**
 * A small SMTP server on a free loopback port, speaking the subset nodemailer uses without TLS (EHLO, MAIL,
 * RCPT, DATA, RSET, QUIT). It keeps what it accepts; `refuseNext(n)` makes it answer the next n messages
 * with a temporary failure (451), as a busy mail server would.
 */
export async function startSmtpSandbox() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let recipients: string[] = [];
    reply('220 sandbox ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (refusals > 0) {
            refusals -= 1;
            reply('451 4.3.0 sandbox is busy, try again later');
          } else {
            received.push({ recipients, data });
            reply('250 2.0.0 queued');
          }
          recipients = [];
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sandbox');
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'RCPT') {
          recipients.push(/<(.*)>/.exec(line)?.[1] ?? line);
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(n: number) {
      refusals = n;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
