import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postSchema, type Post } from '@alumlink/contract';
import { ApiError, NetworkError, apiRequest, apiUrl } from '@/lib/api-client';
import { getAccessToken, getStoredUser } from '@/lib/storage';
import { prependCachedPost } from './post-cache';

const CREATE_PATH = '/social/posts/';

function buildForm(caption: string, image: File, communityId?: number): FormData {
  const form = new FormData();
  form.append('caption', caption);
  if (communityId !== undefined) form.append('community_id', String(communityId));
  form.append('image', image);
  return form;
}

type XhrAnswer = { status: number; body: unknown };

/** Multipart upload through XMLHttpRequest, the one browser API that reports upload progress. */
function uploadWithProgress(form: FormData, onProgress: (fraction: number) => void): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(CREATE_PATH));
    request.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? (JSON.parse(request.responseText) as unknown) : undefined;
      } catch {
        body = request.responseText;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new NetworkError());
    request.send(form);
  });
}

/**
 * Creates a post and reports upload progress (0..1). An expired access token is handled by
 * sending once more through the API client, which refreshes it (progress then jumps to the end).
 */
export async function createPost({
  caption,
  image,
  communityId,
  onProgress,
}: {
  caption: string;
  image: File;
  /** The space to post in (members only). */
  communityId?: number;
  onProgress: (fraction: number) => void;
}): Promise<Post> {
  const answer = await uploadWithProgress(buildForm(caption, image, communityId), onProgress);
  if (answer.status === 401) {
    const post = await apiRequest(CREATE_PATH, { method: 'POST', body: buildForm(caption, image, communityId), schema: postSchema });
    onProgress(1);
    return post;
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body);
  onProgress(1);
  return postSchema.parse(answer.body);
}

/** Creates a post and puts it at the top of the feed without a reload. */
export function useCreatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => prependCachedPost(queryClient, post, getStoredUser()?.id ?? null),
  });
}
