/** Lazy entry of one admin screen (its own chunk). */
export { ManagePostsPage } from '../manage-posts/manage-posts-page';
