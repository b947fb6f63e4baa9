// `npx tsx scripts/measure-compression.ts [--rounds 60] [--requests 200] [--hand-written file.ts]`:
// CPU per JSON GET (process.cpuUsage around app.inject) of one tiny Fastify app per variant, for a
// 6 KB, a 40 KB and a 100-post (about 130 KB) feed-like page, in interleaved rounds: no compression, plugins/compression.ts
// (@fastify/compress, brotli 1, synchronous up to 1 MB), and @fastify/compress with its default
// syncThreshold (zlib's thread pool above 8 KB on 2 cores). Prints medians and the median paired
// difference against ours. --hand-written adds the former registerJsonCompression (decision record 021).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerCompression } from '../apps/api/src/plugins/compression.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '60' },
    requests: { type: 'string', default: '200' },
    'hand-written': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const requests = Number(values.requests);

const longCaption = (seed: number) =>
  Array.from({ length: 400 }, (_, word) => `w${(seed * 31 + word * 17) % 997}`)
    .join(' ')
    .slice(0, 1900);

/** A feed page; `longCaptions`: each caption at the 2,000-character limit, of varied words. */
function feedPage(posts: number, longCaptions = false) {
  return {
    next: '/social/posts/?cursor=abc',
    results: Array.from({ length: posts }, (_, index) => ({
      id: 1000 + index,
      author: { id: 7, first_name: 'Ada', last_name: 'Lovelace', avatar: `avatars/${index % 5}.webp` },
      caption: `Reunion photos from the class of ${1990 + (index % 30)}, tagged and captioned: ${longCaptions ? longCaption(index) : 'x'.repeat(index % 40)}`,
      image: `posts/${index}.webp`,
      likes: index * 3,
      comments: index % 7,
      liked: index % 2 === 0,
      created_at: 1_700_000_000_000 + index * 60_000,
    })),
  };
}
// Under /social/: plugins/compression.ts leaves paths outside the server's prefixes (the web app's files) alone.
const pages = {
  'social/feed-6kb': feedPage(22),
  'social/feed-40kb': feedPage(140),
  // The largest page: 100 posts (LIMITS.pageMax) with captions of up to 2,000 characters.
  'social/feed-max': feedPage(100, true),
};

async function app(setup: (instance: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const instance = Fastify();
  await setup(instance);
  for (const [name, page] of Object.entries(pages)) instance.get(`/${name}`, async () => page);
  await instance.ready();
  return instance;
}

const variants: Record<string, FastifyInstance> = {
  none: await app(async () => {}),
  ours: await app(registerCompression),
  'library, default syncThreshold': await app(async (instance) => {
    await instance.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
      zlibOptions: { level: 1 },
    });
  }),
};
if (values['hand-written']) {
  const { registerJsonCompression } = (await import(resolve(values['hand-written']))) as {
    registerJsonCompression: (instance: FastifyInstance) => void;
  };
  variants['hand-written'] = await app(async (instance) => registerJsonCompression(instance));
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? NaN;

for (const name of Object.keys(pages)) {
  const url = `/${name}`;
  const perRequest: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((variant) => [variant, []]));
  const sizes: Record<string, string> = {};
  for (let round = 0; round < rounds; round += 1) {
    for (const [variant, instance] of Object.entries(variants)) {
      const start = process.cpuUsage();
      for (let index = 0; index < requests; index += 1) {
        const response = await instance.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
        if (response.statusCode !== 200) throw new Error(`${variant} ${url}: ${response.statusCode}`);
        if (index === 0) sizes[variant] = `${response.rawPayload.length} B, content-length ${response.headers['content-length'] ?? 'none'}`;
      }
      const used = process.cpuUsage(start);
      perRequest[variant]?.push((used.user + used.system) / requests);
    }
  }
  console.log(`${name}, ${Buffer.byteLength(JSON.stringify(pages[name as keyof typeof pages]))} B (${rounds} rounds of ${requests}):`);
  const ours = perRequest.ours ?? [];
  for (const [variant, samples] of Object.entries(perRequest)) {
    const difference = median(samples.map((sample, index) => sample - (ours[index] ?? NaN)));
    console.log(
      `  ${variant}: ${median(samples).toFixed(0)} µs/request (vs ours ${difference >= 0 ? '+' : ''}${difference.toFixed(0)} µs), ${sizes[variant]}`,
    );
  }
}
for (const instance of Object.values(variants)) await instance.close();
