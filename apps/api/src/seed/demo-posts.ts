import { sql } from 'drizzle-orm';
import { extractHashtags } from '@alumlink/contract';
import { comments, postLikes, posts, postTags } from '../db/schema/index';
import { imageKey } from '../lib/images';
import type { MediaStorage } from '../lib/storage/index';
import type { SeedStep } from './seed-step';
import { renderPicture, type PictureKind, type PictureSpec } from './demo-pictures';

/** What the demo people post: a caption and, for most, a picture of a fitting subject. */
const DEMO_POSTS: { caption: string; picture?: PictureKind }[] = [
  { caption: 'Just wrapped up my first open-source contribution. Small fix, big learning! #OpenSource', picture: 'code' },
  { caption: 'Our cohort demo day was amazing. Proud of everyone who presented. #DemoDay #Class2026', picture: 'group' },
  { caption: 'Looking for study buddies for the cloud certification next month. #Cloud' },
  {
    caption: 'Three things I wish I knew before my first tech interview: ask questions, think out loud, and breathe.',
    picture: 'landscape',
  },
  { caption: 'Started a new role as a front-end engineer today. Thank you, AlumLink community!', picture: 'badge' },
  { caption: 'Sharing my notes from the accessibility workshop. Semantic HTML first, always.' },
  { caption: 'Anyone else going to the career meetup on Friday? Let us grab coffee. #Meetup', picture: 'skyline' },
  { caption: 'Finally understood database indexes after building a search feature from scratch.', picture: 'chart' },
  { caption: 'Mentoring two trainees this quarter. Their questions make me a better engineer.' },
  { caption: 'Hackathon weekend: 48 hours, 4 people, 1 working prototype. #Hackathon #Class2026', picture: 'group' },
  { caption: 'Design tip: spacing does more for readability than colour ever will.', picture: 'landscape' },
  { caption: 'Our team is hiring interns for the summer. Referrals open on the referrals page. #Hiring' },
];

const COMMENTS = [
  'Congratulations!',
  'This is so helpful, thanks for sharing.',
  'Count me in!',
  'Great work 👏',
  'Love this.',
  'Well said.',
];

/** The picture of the post at `index`, if any: its subject, in a palette that changes each round of captions. */
export function demoPictureOf(index: number): PictureSpec | null {
  const post = DEMO_POSTS[index % DEMO_POSTS.length];
  if (!post?.picture) return null;
  const round = Math.floor(index / DEMO_POSTS.length);
  return { kind: post.picture, palette: (index + (round % 2) * 2) % 4 };
}

const specKey = (spec: PictureSpec) => `${spec.kind}:${spec.palette}`;

/** Renders and stores each distinct picture once; their storage keys by spec. */
async function storePictures(media: MediaStorage, specs: PictureSpec[]): Promise<Map<string, string>> {
  const distinct = [...new Map(specs.map((spec) => [specKey(spec), spec])).values()];
  const keys = await Promise.all(
    distinct.map(async (spec) => {
      const bytes = await renderPicture(spec);
      const key = imageKey('post', bytes);
      await media.put(key, bytes, 'image/webp');
      return [specKey(spec), key] as const;
    }),
  );
  return new Map(keys);
}

/** Counters recomputed from the rows just written, so they can never disagree. */
const sqlCounters = sql`
  update posts set
    likes_count = (select count(*) from post_likes where post_likes.post_id = posts.id),
    comments_count = (select count(*) from comments where comments.post_id = posts.id)`;

const POST_COUNT = 36;
const HOUR = 60 * 60 * 1000;

/**
 * 36 posts by the demo people over the last two weeks, most with a picture of its subject
 * (skyline, chart, badge, group, code, landscape; rendered when the seed has media storage),
 * likes and comments; counters match the rows.
 */
export const seedPosts: SeedStep = {
  name: 'posts',
  async run(tx, context) {
    const authors = [...context.userIds.values()];
    if (authors.length === 0) return;
    const pick = <T>(list: readonly T[], index: number): T | undefined => list[index % list.length];
    const specs = Array.from({ length: POST_COUNT }, (_, index) => demoPictureOf(index));
    const pictures = context.media
      ? await storePictures(
          context.media,
          specs.filter((spec) => spec !== null),
        )
      : new Map<string, string>();

    const rows = await tx
      .insert(posts)
      .values(
        Array.from({ length: POST_COUNT }, (_, index) => {
          const spec = specs[index];
          return {
            userId: pick(authors, index * 7 + 1) ?? authors[0] ?? 0,
            caption: pick(DEMO_POSTS, index)?.caption ?? '',
            image: spec ? (pictures.get(specKey(spec)) ?? null) : null,
            createdAt: new Date(context.now.getTime() - (index * 9 + 1) * HOUR),
          };
        }),
      )
      .returning({ id: posts.id, caption: posts.caption, createdAt: posts.createdAt });
    // Their hashtags, as creating a post writes them (posts.service), so tag pages and trending have posts.
    const tags = rows.flatMap((post) => extractHashtags(post.caption).map((tag) => ({ postId: post.id, tag, createdAt: post.createdAt })));
    if (tags.length > 0) await tx.insert(postTags).values(tags);

    const likes: { postId: number; userId: number; createdAt: Date }[] = [];
    const notes: { postId: number; userId: number; text: string; createdAt: Date }[] = [];
    rows.forEach((post, index) => {
      const likers = (index * 5) % 12;
      const postedAt = context.now.getTime() - (index * 9 + 1) * HOUR;
      for (let n = 0; n < likers; n += 1) {
        likes.push({ postId: post.id, userId: pick(authors, index + n * 3) ?? 0, createdAt: new Date(postedAt + (n + 1) * 420_000) });
      }
      for (let n = 0; n < index % 4; n += 1) {
        notes.push({
          postId: post.id,
          userId: pick(authors, index * 3 + n + 2) ?? 0,
          text: pick(COMMENTS, index + n) ?? '',
          createdAt: new Date(postedAt + (n + 1) * 600_000),
        });
      }
    });
    const uniqueLikes = [...new Map(likes.map((like) => [`${like.postId}:${like.userId}`, like])).values()];
    if (uniqueLikes.length > 0) await tx.insert(postLikes).values(uniqueLikes);
    if (notes.length > 0) await tx.insert(comments).values(notes);

    await tx.execute(sqlCounters);
  },
};
