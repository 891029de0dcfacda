import { NOTIFICATION_STREAM_LIMITS, NOTIFICATION_STREAM_MESSAGES } from '@placely/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

/** Room for one person's streams and two more: the per-process cap is reached by a second person. */
const PER_PROCESS = NOTIFICATION_STREAM_LIMITS.perPerson + 2;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ notificationStreamsPerProcess: PER_PROCESS });
});
afterAll(() => server?.close());

interface OpenStream {
  status: number;
  /** Everything the stream said so far. */
  text(): string;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /api/notifications/stream as a browser's EventSource would, reading as it goes. */
async function openStream(token: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}/api/notifications/stream?token=${encodeURIComponent(token)}`, {
    signal: controller.signal,
  });
  let said = '';
  if (response.status !== 200) {
    said = await response.text();
    return { status: response.status, text: () => said, ended: Promise.resolve(), close: () => {} };
  }
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        said += decoder.decode(chunk.value);
      }
    } catch {
      /* closed by us */
    }
  })();
  // The first count arrives once the stream is registered.
  for (let waited = 0; !said.includes('event: unread') && waited < 10_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { status: 200, text: () => said, ended, close: () => controller.abort() };
}

describe('notification streams are capped (issue 39)', () => {
  it('per person the newest wins: the oldest is told it was replaced and closed; per process more are refused', async () => {
    const person = await seedStudent(server.db);
    const token = await server.tokenFor(person.id);
    const streams: OpenStream[] = [];
    for (let i = 0; i < NOTIFICATION_STREAM_LIMITS.perPerson + 1; i++) streams.push(await openStream(token));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    const [oldest, ...rest] = streams as [OpenStream, ...OpenStream[]];
    await oldest.ended;
    expect(oldest.text()).toContain(
      `event: replaced\ndata: ${JSON.stringify({ message: NOTIFICATION_STREAM_MESSAGES.replaced })}`,
    );
    for (const stream of rest) expect(stream.text()).not.toContain('replaced');

    // The process now holds perPerson streams; a second person fills it, and one more is refused in the envelope.
    const other = await server.tokenFor((await seedStudent(server.db)).id);
    const filling = [await openStream(other), await openStream(other)];
    expect(filling.map((stream) => stream.status)).toEqual([200, 200]);
    const refused = await openStream(other);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text()).exception.error).toEqual({
      code: 'RATE_LIMITED',
      message: NOTIFICATION_STREAM_MESSAGES.processFull,
    });

    // A closed stream frees its place.
    filling[0]?.close();
    await filling[0]?.ended;
    let reopened = await openStream(other);
    for (let tries = 0; reopened.status === 429 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reopened = await openStream(other);
    }
    expect(reopened.status).toBe(200);
    for (const stream of [...rest, ...filling, reopened]) stream.close();
  });
});
