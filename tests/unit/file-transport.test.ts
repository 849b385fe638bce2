import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileTransport } from '../../src/server/mail/transport.ts';

// Without SMTP_URL emails are written as files. What the log keeps must hold no address, name or link
// token (docs/product/limits-and-abuse.md 'Privacy in logs and email'): a reset link in a log line is a
// sign-in for whoever reads the logs.

describe('the file transport', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('writes the email to a file only its owner reads, and logs the file without address or link', async () => {
    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'club-mail-')), 'mail');
    folders.push(path.dirname(folder));
    const lines: string[] = [];
    const transport = fileTransport(folder, (line) => lines.push(line));
    const link = 'http://club.test/reset-password?token=s3cr3t-reset-token';
    await transport.send({
      from: 'Club <no-reply@club.test>',
      to: 'jordan.parent@example.com',
      subject: 'Reset your password, Jordan',
      text: `Follow ${link} within an hour.`,
      html: `<p><a href="${link}">Reset</a></p>`,
    });
    await transport.close();

    const [file] = fs.readdirSync(folder);
    expect(file).toMatch(/\.eml$/);
    const written = path.join(folder, file ?? '');
    expect(fs.readFileSync(written, 'utf8')).toContain('s3cr3t-reset-token');
    expect(fs.statSync(written).mode & 0o777).toBe(0o600);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(written);
    for (const secret of ['jordan.parent@example.com', 's3cr3t-reset-token', 'Jordan']) {
      expect(lines[0]).not.toContain(secret);
    }
  });
});
