import { useMutation } from '@tanstack/react-query';
import { reportPostResponseSchema, type ReportPostRequest, type ReportPostResponse } from '@alumlink/contract';
import { api } from '@/lib/api-client';

/** Reports a post to the moderators (once per person and post); the answer names nobody. */
export function reportPost(postId: number, body: ReportPostRequest): Promise<ReportPostResponse> {
  return api.post(`/social/posts/${postId}/report/`, body, { schema: reportPostResponseSchema });
}

/** Nothing cached changes: the post stays in the feed until a moderator acts. */
export function useReportPost(postId: number) {
  return useMutation({ mutationFn: (body: ReportPostRequest) => reportPost(postId, body) });
}
