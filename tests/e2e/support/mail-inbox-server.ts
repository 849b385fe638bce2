// A real SMTP server for the browser tests, started by Playwright before the app. The app sends to it
// over SMTP; the tests read what arrived over HTTP: GET /messages?to=address.
import http from 'node:http';
import { SmtpReceiver } from '../../support/smtp-receiver.ts';

const smtpPort = Number(process.env['E2E_SMTP_PORT']);
const httpPort = Number(process.env['E2E_INBOX_PORT']);
const receiver = new SmtpReceiver();
await receiver.start(smtpPort);

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') return response.end('ok');
    const to = url.searchParams.get('to');
    const messages = receiver.messages.filter((m) => !to || m.to.includes(to));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(messages));
  })
  .listen(httpPort, '127.0.0.1');
