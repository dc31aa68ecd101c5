import nodemailer from 'nodemailer';

/** A mail as the outbox sends it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail finally goes: an SMTP server, the log, or a test's mailbox. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/** Sends over SMTP (`smtp://` or `smtps://`, options such as `?ignoreTLS=true` in the URL). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/** Without SMTP the mail is printed whole, so a local user can read a sign-in code from the server's output. */
export function logTransport(print: (line: string) => void): MailTransport {
  return {
    async send(mail) {
      print(`[mail] to: ${mail.to}\n[mail] subject: ${mail.subject}\n${mail.text}\n[mail] end`);
    },
  };
}
