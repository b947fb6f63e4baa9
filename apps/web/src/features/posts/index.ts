/** Public face of the posts feature (used by the app's routes and by realtime later). */
export { postKeys } from './api/keys';
export { refetchFeedOnPostDeleted, removeCachedPost, prependCachedPost, updateCachedPost } from './api/post-cache';
export { feedQueryOptions } from './api/get-feed';
export { userPostsQueryOptions } from './api/get-user-posts';
export { CreatePostProvider, useCreatePost } from './components/create-post-provider';
export type { PostSpace } from './components/create-post-dialog';
export { UserPostsGrid } from './components/user-posts-grid';
export { Feed } from './pages/feed-page';
export { CommentThread, type CommentThreadProps } from './components/comment-thread';
export { likePost } from './api/like-post';
export { PostList } from './components/post-list';
