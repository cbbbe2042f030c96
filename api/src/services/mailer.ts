import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Where mail goes, for the logs ("SMTP host" or "local mail outbox …"). */
  readonly description: string;
  send(mail: Mail): Promise<void>;
}

/** Real mail through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMailer implements Mailer {
  readonly description: string;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
    this.description = `SMTP ${new URL(smtpUrl).host}`;
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }
}

/**
 * The embedded default: no mail leaves the machine; each message is written as an .eml file into a
 * local mail outbox folder, where a developer can open it.
 */
export class LocalOutboxMailer implements Mailer {
  readonly description: string;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    readonly folder: string,
    private readonly from: string,
  ) {
    this.description = `local mail outbox (development, nothing is sent): ${folder}`;
  }

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...mail });
    await fs.mkdir(this.folder, { recursive: true });
    // A random part too: two messages to one address in the same millisecond must not overwrite each other.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`;
    await fs.writeFile(path.join(this.folder, name), info.message as Buffer);
  }
}
