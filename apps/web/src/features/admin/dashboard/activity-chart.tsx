import { useId } from 'react';
import type { AdminStats } from '@alumlink/contract';
import { TableHead } from '@/components/ui';

type ActivityDay = AdminStats['activity'][number];

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };
const COLUMNS = ['Day', { label: 'Sign-ups', className: 'text-right' }, { label: 'Posts', className: 'text-right' }];
const dayLabel = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A round upper bound for the y axis (at least 4 so the grid has whole numbers). */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const steps = [1, 2, 2.5, 5, 10].map((step) => step * magnitude);
  return steps.find((step) => step >= value) ?? value;
}

function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayLabel.format(date);
}

/** Sign-ups and posts per day as hand-drawn SVG bars, with the same numbers as a table. */
export function ActivityChart({ activity }: { activity: ActivityDay[] }) {
  const titleId = useId();
  const descId = useId();
  const total = (key: 'signups' | 'posts') => activity.reduce((sum, day) => sum + day[key], 0);
  const max = niceMax(Math.max(0, ...activity.map((day) => Math.max(day.signups, day.posts))));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = activity.length > 0 ? plotWidth / activity.length : plotWidth;
  const barWidth = Math.max(2, slot * 0.36);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(activity.length / 6));

  return (
    <figure className="space-y-3">
      <figcaption id={titleId} className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-base font-semibold text-fg">Sign-ups and posts per day, last {activity.length} days</span>
        <span className="flex items-center gap-4 text-xs text-fg-muted">
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-primary" /> Sign-ups
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-success-fg" /> Posts
          </span>
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} aria-describedby={descId} className="h-auto w-full">
        <desc id={descId}>
          {total('signups')} sign-ups and {total('posts')} posts in total; the table below lists every day.
        </desc>
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-border"
              strokeDasharray={tick === 0 ? undefined : '3 4'}
            />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-fg-subtle text-[11px]">
              {tick}
            </text>
          </g>
        ))}
        {activity.map((day, index) => {
          const left = PAD.left + index * slot + (slot - barWidth * 2) / 2;
          return (
            <g key={day.day}>
              <rect x={left} y={y(day.signups)} width={barWidth} height={y(0) - y(day.signups)} rx={1.5} className="fill-primary">
                <title>{`${formatDay(day.day)}: ${day.signups} sign-ups`}</title>
              </rect>
              <rect x={left + barWidth} y={y(day.posts)} width={barWidth} height={y(0) - y(day.posts)} rx={1.5} className="fill-success-fg">
                <title>{`${formatDay(day.day)}: ${day.posts} posts`}</title>
              </rect>
              {index % labelEvery === 0 ? (
                <text x={PAD.left + index * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-fg-subtle text-[11px]">
                  {formatDay(day.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-accent-fg">Show the numbers as a table</summary>
        <div className="mt-2 max-h-72 overflow-auto rounded-xl border border-border">
          <table className="w-full text-left">
            <caption className="sr-only">Sign-ups and posts per day</caption>
            <TableHead className="bg-surface-muted text-fg-muted" cellClassName="px-3 py-2 font-medium" columns={COLUMNS} />
            <tbody>
              {activity.map((day) => (
                <tr key={day.day} className="border-t border-border">
                  <th scope="row" className="px-3 py-1.5 font-normal text-fg">
                    {formatDay(day.day)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{day.signups}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{day.posts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
