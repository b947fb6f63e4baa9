/**
 * Framing of HTTP/1.1 answers as the bench's generator reads them (bench/sender.ts): where one
 * answer ends in the bytes received, its status, and whether the server closes the connection
 * after it. Bodies are never decoded: the generator only counts and times answers.
 */

/** The first answer in a buffer, once all of it has arrived. */
export type FramedResponse = {
  status: number;
  /** Bytes of the whole answer (head and body): the next answer starts there. */
  length: number;
  /** `Connection: close`: the server ends the connection after this answer. */
  close: boolean;
};

/** An answer whose head has arrived but which has no length: its body runs until the server closes. */
export type UntilCloseResponse = { status: number; untilClose: true };

export class MalformedResponseError extends Error {}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})/;

type Head = { status: number; bodyStart: number; contentLength: number | null; chunked: boolean; close: boolean };

function parseHead(buffer: Buffer): Head | null {
  const end = buffer.indexOf(HEAD_END);
  if (end < 0) return null;
  const lines = buffer.toString('latin1', 0, end).split('\r\n');
  const status = STATUS_LINE.exec(lines[0] ?? '');
  if (!status) throw new MalformedResponseError(`not an HTTP/1.1 status line: ${JSON.stringify((lines[0] ?? '').slice(0, 40))}`);
  const head: Head = { status: Number(status[1]), bodyStart: end + HEAD_END.length, contentLength: null, chunked: false, close: false };
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'content-length') head.contentLength = Number(value);
    else if (name === 'transfer-encoding') head.chunked = value.split(',').at(-1)?.trim() === 'chunked';
    else if (name === 'connection') head.close = value.split(',').some((token) => token.trim() === 'close');
  }
  if (head.contentLength !== null && !(Number.isSafeInteger(head.contentLength) && head.contentLength >= 0)) {
    throw new MalformedResponseError('bad content-length');
  }
  return head;
}

/** Where a chunked body that starts at `start` ends (after its last chunk and trailers), or null while incomplete. */
function chunkedBodyEnd(buffer: Buffer, start: number): number | null {
  let position = start;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, position);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.toString('latin1', position, lineEnd).split(';')[0] ?? '', 16);
    if (!Number.isSafeInteger(size) || size < 0) throw new MalformedResponseError('bad chunk size');
    if (size === 0) {
      // Trailers, if any, then an empty line.
      const trailersEnd = buffer.indexOf(CRLF, lineEnd + CRLF.length);
      if (trailersEnd < 0) return null;
      if (trailersEnd === lineEnd + CRLF.length) return trailersEnd + CRLF.length;
      const end = buffer.indexOf(HEAD_END, lineEnd);
      return end < 0 ? null : end + HEAD_END.length;
    }
    position = lineEnd + CRLF.length + size + CRLF.length;
    if (position > buffer.length) return null;
  }
}

/**
 * The first answer in `buffer` (bytes received on one connection, starting at an answer): framed
 * by Content-Length, chunked encoding, or nothing for 1xx/204/304 (RFC 9112 section 6.3); null
 * while it is incomplete. Throws MalformedResponseError for bytes that are not an answer.
 */
export function frameResponse(buffer: Buffer): FramedResponse | UntilCloseResponse | null {
  const head = parseHead(buffer);
  if (!head) return null;
  const { status, bodyStart, close } = head;
  if ((status >= 100 && status < 200) || status === 204 || status === 304) return { status, length: bodyStart, close };
  if (head.chunked) {
    const end = chunkedBodyEnd(buffer, bodyStart);
    return end === null ? null : { status, length: end, close };
  }
  if (head.contentLength !== null) {
    const end = bodyStart + head.contentLength;
    return buffer.length < end ? null : { status, length: end, close };
  }
  return { status, untilClose: true };
}
