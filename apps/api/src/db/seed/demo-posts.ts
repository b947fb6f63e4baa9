import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { comments, postLikes, posts } from '../schema/index';
import { imageKey } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage/index';
import type { SeedStep } from './index';

const CAPTIONS = [
  'Just wrapped up my first open-source contribution. Small fix, big learning!',
  'Our cohort demo day was amazing. Proud of everyone who presented.',
  'Looking for study buddies for the cloud certification next month.',
  'Three things I wish I knew before my first tech interview: ask questions, think out loud, and breathe.',
  'Started a new role as a front-end engineer today. Thank you, AlumLink community!',
  'Sharing my notes from the accessibility workshop. Semantic HTML first, always.',
  'Anyone else going to the career meetup on Friday? Let us grab coffee.',
  'Finally understood database indexes after building a search feature from scratch.',
  'Mentoring two trainees this quarter. Their questions make me a better engineer.',
  'Hackathon weekend: 48 hours, 4 people, 1 working prototype.',
  'Design tip: spacing does more for readability than colour ever will.',
  'Our team is hiring interns for the summer. Referrals open on the referrals page.',
];

const COMMENTS = ['Congratulations!', 'This is so helpful, thanks for sharing.', 'Count me in!', 'Great work 👏', 'Love this.', 'Well said.'];

const PALETTES: [string, string][] = [
  ['#1d4ed8', '#38bdf8'],
  ['#7c3aed', '#f472b6'],
  ['#047857', '#a3e635'],
  ['#b45309', '#fde047'],
  ['#0f172a', '#64748b'],
  ['#be123c', '#fb923c'],
];

/** A colourful abstract picture (gradient and circles; no text, so no fonts are needed). */
function pictureSvg(index: number): string {
  const [from, to] = PALETTES[index % PALETTES.length] ?? ['#1d4ed8', '#38bdf8'];
  const circles = Array.from({ length: 5 }, (_, n) => {
    const x = (index * 97 + n * 173) % 1200;
    const y = (index * 61 + n * 131) % 750;
    const r = 60 + ((index + n * 37) % 140);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="white" fill-opacity="${0.08 + (n % 3) * 0.06}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="750" fill="url(#g)"/>${circles}</svg>`;
}

/** Renders and stores `count` pictures; their storage keys. */
async function storePictures(media: MediaStorage, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const bytes = await sharp(Buffer.from(pictureSvg(index))).webp({ quality: 80 }).toBuffer();
      const key = imageKey('post', bytes);
      await media.put(key, bytes, 'image/webp');
      return key;
    }),
  );
}

/** Counters recomputed from the rows just written, so they can never disagree. */
const sqlCounters = sql`
  update posts set
    likes_count = (select count(*) from post_likes where post_likes.post_id = posts.id),
    comments_count = (select count(*) from comments where comments.post_id = posts.id)`;

const POST_COUNT = 36;
const HOUR = 60 * 60 * 1000;

/**
 * 36 posts by the demo people over the last two weeks, with pictures rendered by sharp (when
 * the seed has media storage), likes and comments; counters match the rows.
 */
export const seedPosts: SeedStep = {
  name: 'posts',
  async run(tx, context) {
    const authors = [...context.userIds.values()];
    if (authors.length === 0) return;
    const pictures = context.media ? await storePictures(context.media, PALETTES.length * 2) : [];
    const pick = <T>(list: readonly T[], index: number): T | undefined => list[index % list.length];

    const rows = await tx
      .insert(posts)
      .values(
        Array.from({ length: POST_COUNT }, (_, index) => ({
          userId: pick(authors, index * 7 + 1) ?? authors[0] ?? 0,
          caption: pick(CAPTIONS, index) ?? '',
          image: pictures.length > 0 && index % 3 !== 2 ? (pick(pictures, index) ?? null) : null,
          createdAt: new Date(context.now.getTime() - (index * 9 + 1) * HOUR),
        })),
      )
      .returning({ id: posts.id });

    const likes: { postId: number; userId: number }[] = [];
    const notes: { postId: number; userId: number; text: string; createdAt: Date }[] = [];
    rows.forEach((post, index) => {
      const likers = (index * 5) % 12;
      for (let n = 0; n < likers; n += 1) likes.push({ postId: post.id, userId: pick(authors, index + n * 3) ?? 0 });
      for (let n = 0; n < index % 4; n += 1) {
        notes.push({
          postId: post.id,
          userId: pick(authors, index * 3 + n + 2) ?? 0,
          text: pick(COMMENTS, index + n) ?? '',
          createdAt: new Date(context.now.getTime() - (index * 9 + 1) * HOUR + (n + 1) * 600_000),
        });
      }
    });
    const uniqueLikes = [...new Map(likes.map((like) => [`${like.postId}:${like.userId}`, like])).values()];
    if (uniqueLikes.length > 0) await tx.insert(postLikes).values(uniqueLikes);
    if (notes.length > 0) await tx.insert(comments).values(notes);

    await tx.execute(sqlCounters);
  },
};
