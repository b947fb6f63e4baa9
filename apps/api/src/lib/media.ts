/** Public URL of a stored media key (e.g. `avatars/ab12.webp` → `/media/avatars/ab12.webp`). */
export function mediaUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  return `/media/${key.replace(/^\/+/, '')}`;
}
