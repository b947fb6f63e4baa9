/** User-visible texts of image uploads, word for word. */
export const UPLOAD_MESSAGES = {
  invalidImage: 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
  noFile: 'No file was submitted.',
  fileTooLarge: 'The file you uploaded is too large. The maximum size is 10 MB.',
} as const;

/** What the server accepts as an upload (checked by decoding the bytes, never by name or type). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
