import nodemailer from 'nodemailer';

/** One e-mail, in both forms every client can show: plain text and simple HTML. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  /** Hands the mail to the mail server; rejects (with MailDeliveryError) when it cannot. */
  deliver(mail: OutgoingMail): Promise<void>;
}

export class MailDeliveryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

interface LogSink {
  warn(details: object, message: string): void;
}

/**
 * Without SMTP_URL nothing is sent: each mail is written to the server log, link included, so
 * the person running the server can still hand a reset link to whoever asked for it.
 */
export function createLogTransport(log: LogSink): MailTransport {
  return {
    kind: 'log',
    async deliver(mail) {
      log.warn(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
        'SMTP_URL is not set, so this e-mail was written here instead of being sent',
      );
    },
  };
}

/**
 * SMTP through nodemailer. Every stage (connecting, the greeting, each later reply) has
 * `timeoutMs`, and the whole delivery is bounded by it twice over, so a mail server that
 * accepts the connection and then stalls cannot hold a request for long. No pooling: mails
 * are rare (a reset, a sign-in link), and a fresh connection never finds a stale one.
 */
export function createSmtpTransport(options: {
  url: string;
  from: string;
  timeoutMs: number;
}): MailTransport {
  const { url, from, timeoutMs } = options;
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // Mails are built here from fixed text and a link; never let a field read a file or URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const overallMs = timeoutMs * 2;

  return {
    kind: 'smtp',
    async deliver(mail) {
      await bounded(
        transporter.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        }),
        overallMs,
        'sending the e-mail',
      );
    },
  };
}

async function bounded<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new MailDeliveryError(`${what} took over ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (error instanceof MailDeliveryError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MailDeliveryError(`${what} failed: ${reason}`, { cause: error });
  } finally {
    clearTimeout(timer);
    // A delivery that lost the race still settles later; its rejection is already reported.
    work.catch(() => {});
  }
}
