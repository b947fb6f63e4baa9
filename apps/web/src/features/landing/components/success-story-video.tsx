import { Play } from 'lucide-react';
import { useState } from 'react';

/** The success-story video; a YouTube id (no-cookie player). */
export const SUCCESS_STORY_VIDEO_ID = 'ScMzIvxBSi4';

/** Loads YouTube only after a click, so visitors who never watch download nothing from it. */
export function SuccessStoryVideo() {
  const [playing, setPlaying] = useState(false);
  return (
    <figure className="overflow-hidden rounded-(--radius-card) border border-border bg-surface shadow-(--shadow-card)">
      <div className="relative aspect-video bg-slate-900">
        {playing ? (
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${SUCCESS_STORY_VIDEO_ID}?autoplay=1&rel=0`}
            title="AlumLink success story video"
            allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 size-full"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="group absolute inset-0 flex flex-col items-center justify-center gap-4 bg-gradient-to-br from-indigo-700 via-indigo-600 to-sky-600 text-white focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white"
          >
            <span className="flex size-18 items-center justify-center rounded-full bg-white/95 text-indigo-700 shadow-lg transition-transform group-hover:scale-105">
              <Play aria-hidden="true" className="ml-1 size-8 fill-current" />
            </span>
            <span className="text-base font-semibold">Play the success story</span>
          </button>
        )}
      </div>
      <figcaption className="p-4 text-sm text-fg-muted sm:p-5">
        <strong className="font-semibold text-fg">Success story:</strong> how Priya went from intern to engineering lead with help from her
        AlumLink mentors.
      </figcaption>
    </figure>
  );
}
