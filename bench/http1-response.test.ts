import { describe, expect, it } from 'vitest';
import { frameResponse, MalformedResponseError } from './http1-response';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('frameResponse', () => {
  it('frames an answer by its Content-Length, and waits while any of it is missing', () => {
    const answer = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}';
    for (let cut = 0; cut < answer.length; cut += 1) expect(frameResponse(bytes(answer.slice(0, cut)))).toBeNull();
    expect(frameResponse(bytes(answer))).toEqual({ status: 200, length: answer.length, close: false });
  });

  it('frames only the first of two answers received together', () => {
    const first = 'HTTP/1.1 429 Too Many Requests\r\ncontent-length: 2\r\n\r\n{}';
    expect(frameResponse(bytes(`${first}HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n`))).toEqual({
      status: 429,
      length: first.length,
      close: false,
    });
  });

  it('frames a chunked body to its last chunk and trailers, whatever the chunk sizes and cuts', () => {
    const answer = 'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\na;ext=1\r\n, chunked!\r\n0\r\n\r\n';
    for (let cut = 0; cut < answer.length; cut += 1) expect(frameResponse(bytes(answer.slice(0, cut)))).toBeNull();
    expect(frameResponse(bytes(answer))).toEqual({ status: 201, length: answer.length, close: false });
    const withTrailer = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nx-checksum: 1\r\n\r\n';
    expect(frameResponse(bytes(withTrailer.slice(0, -2)))).toBeNull();
    expect(frameResponse(bytes(withTrailer))).toEqual({ status: 200, length: withTrailer.length, close: false });
  });

  it('reads no body after 204 and 304, and notes Connection: close', () => {
    const noContent = 'HTTP/1.1 204 No Content\r\nConnection: keep-alive, close\r\n\r\n';
    expect(frameResponse(bytes(noContent))).toEqual({ status: 204, length: noContent.length, close: true });
    const notModified = 'HTTP/1.1 304 Not Modified\r\ncontent-length: 120\r\n\r\n';
    expect(frameResponse(bytes(notModified))).toEqual({ status: 304, length: notModified.length, close: false });
  });

  it('says when a body has no length and runs until the server closes', () => {
    expect(frameResponse(bytes('HTTP/1.0 200 OK\r\ncontent-type: text/plain\r\n\r\nand so on'))).toEqual({ status: 200, untilClose: true });
  });

  it('refuses bytes that are not an answer', () => {
    expect(() => frameResponse(bytes('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow(MalformedResponseError);
    expect(() => frameResponse(bytes('HTTP/1.1 200 OK\r\ncontent-length: -4\r\n\r\n'))).toThrow(MalformedResponseError);
    expect(() => frameResponse(bytes('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n'))).toThrow(MalformedResponseError);
  });
});
