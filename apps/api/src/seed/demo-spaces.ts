import { extractHashtags } from '@alumlink/contract';
import { inArray } from 'drizzle-orm';
import { communities, communityModerators, posts, postTags } from '../db/schema/index';
import type { SeedStep } from './seed-step';

const HOUR = 3_600_000;
const SPACE_POSTS_FROM_HOURS = 330;

/** Spaces whose posts their members alone read in the demo (decision 034). */
const MEMBERS_ONLY = ['career-growth'];

/** Who moderates which space in the demo. */
const DEMO_MODERATORS: Record<string, string[]> = { 'web-development': ['alumni@example.com'], 'career-growth': ['alumni@example.com'] };

/** Posts made in spaces, by members of them (DEMO_MEMBERSHIPS in demo-careers.ts). */
const DEMO_SPACE_POSTS: { space: string; by: string; caption: string }[] = [
  {
    space: 'web-development',
    by: 'priya.sharma@example.com',
    caption: 'Code review swap this Friday? Bring one pull request you are proud of. #codereview',
  },
  {
    space: 'web-development',
    by: 'noah.nguyen@example.com',
    caption: 'Finally moved our app to TypeScript strict mode. Ask me anything. #typescript',
  },
  { space: 'web-development', by: 'trainee@example.com', caption: 'What is the one accessibility check you never skip? #a11y' },
  {
    space: 'data-science',
    by: 'intern@example.com',
    caption: 'Sharing my notebook on cleaning messy survey data. Feedback welcome! #python',
  },
  { space: 'data-science', by: 'priya.sharma@example.com', caption: 'Window functions changed how I write SQL reports. #sql' },
  {
    space: 'career-growth',
    by: 'alumni@example.com',
    caption: 'Members only: salary bands I have seen this year, for negotiating offers. #careers',
  },
  {
    space: 'career-growth',
    by: 'trainee@example.com',
    caption: 'Practising interviews on Thursday evening, who wants to pair up? #interviews',
  },
  {
    space: 'ui-ux-design',
    by: 'priya.sharma@example.com',
    caption: 'Portfolio critique thread: post a link and get two honest notes. #design',
  },
];

/** Spaces come alive: some members-only, moderators named, posts by members (after memberships). */
export const seedSpaces: SeedStep = {
  name: 'spaces',
  async run(tx, context) {
    const hubs = await tx.select({ id: communities.id, slug: communities.slug }).from(communities);
    const idOf = new Map(hubs.map((hub) => [hub.slug, hub.id]));
    await tx.update(communities).set({ visibility: 'members' }).where(inArray(communities.slug, MEMBERS_ONLY));
    const moderators = Object.entries(DEMO_MODERATORS).flatMap(([slug, emails]) =>
      emails.flatMap((email) => {
        const communityId = idOf.get(slug);
        const userId = context.userIds.get(email);
        return communityId === undefined || userId === undefined ? [] : [{ communityId, userId }];
      }),
    );
    if (moderators.length > 0) await tx.insert(communityModerators).values(moderators).onConflictDoNothing();
    const rows = DEMO_SPACE_POSTS.flatMap(({ space, by, caption }, index) => {
      const communityId = idOf.get(space);
      const userId = context.userIds.get(by);
      // Older than the main demo posts (demo-posts.ts, about two weeks), which their tests read in order.
      const createdAt = new Date(context.now.getTime() - (SPACE_POSTS_FROM_HOURS + index * 5) * HOUR);
      return communityId === undefined || userId === undefined ? [] : [{ communityId, userId, caption, image: null, createdAt }];
    });
    if (rows.length === 0) return;
    const made = await tx.insert(posts).values(rows).returning({ id: posts.id, caption: posts.caption, createdAt: posts.createdAt });
    const tags = made.flatMap((post) => extractHashtags(post.caption).map((tag) => ({ postId: post.id, tag, createdAt: post.createdAt })));
    if (tags.length > 0) await tx.insert(postTags).values(tags);
  },
};
