// What a backup needs of a media store (decision record 033); the stores are in media-sources.ts.

export const MEDIA_ENTRY = 'media';

export interface MediaSource {
  readonly name: string;
  /** Makes the media available to tar as a top-level `media/`: tar's arguments and how many files. */
  stage(stagingDir: string): Promise<{ tarArgs: string[]; files: number }>;
  /** Why restoring would overwrite media already there, or null. */
  occupied(): Promise<string | null>;
  /** Takes an unpacked archive's `media/` into the store (local: media already there are kept aside; s3: the archive's keys are overwritten). */
  restore(unpackedMedia: string, stamp: string): Promise<number>;
}
