// Reads the newest 6-digit code e-mailed to someone, from the dev mailbox of the real server.
type MailboxMessage = { to: string; subject: string; text: string; created_at: string };

export async function latestCode(baseUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`);
    if (response.ok) {
      const body = (await response.json()) as { results: MailboxMessage[] };
      const code = body.results[0]?.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code e-mailed to ${email}`);
}

/** The newest e-mail to someone whose subject matches, from the dev mailbox (waits up to 15 s for it). */
export async function latestMessage(baseUrl: string, email: string, subject: RegExp): Promise<MailboxMessage> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`);
    if (response.ok) {
      const found = ((await response.json()) as { results: MailboxMessage[] }).results.find((message) => subject.test(message.subject));
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail matching ${String(subject)} to ${email}`);
}
