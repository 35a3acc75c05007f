// The mailer port and its SMTP adapter (nodemailer). Tests and the demo point it at a real SMTP server.
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export class SmtpMailer implements Mailer {
  private readonly transport: nodemailer.Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    options: { ignoreTLS?: boolean } = {},
  ) {
    const url = new URL(smtpUrl);
    this.transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      ignoreTLS: options.ignoreTLS ?? false,
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }

  close(): void {
    this.transport.close();
  }
}

/** The e-mail that carries a sign-in code. */
export function codeMail(to: string, code: string, validMinutes: number): OutgoingMail {
  return {
    to,
    subject: `Your Murmur sign-in code: ${code}`,
    text: `Enter the 6-digit code ${code} to sign in to Murmur.\nIt is valid for ${validMinutes} minutes and can be used once.\nIf you did not ask for it, ignore this e-mail.\n`,
  };
}
