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
