/** A 48×32 indigo PNG: small, but a real image the server decodes and re-encodes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASklEQVRYhe2WQQ0AQAzCpo4v/gXUx8nYZWkyAYRA2TR8dbOuoApCh2KGastYx08FIzoUM1RbxjqE6oOGDsUM1ZYhhxCMcTp6eFwfAoXcedIHPNUAAAAASUVORK5CYII=',
  'base64',
);

/** A post with PNG as its picture, made through the API as the token's owner; answers its id. */
export async function createImagePost(baseUrl: string, token: string, caption: string): Promise<number> {
  const form = new FormData();
  form.set('caption', caption);
  form.set('image', new Blob([PNG], { type: 'image/png' }), 'picture.png');
  const response = await fetch(`${baseUrl}/social/posts/`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  if (response.status !== 201) throw new Error(`post not created: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}
