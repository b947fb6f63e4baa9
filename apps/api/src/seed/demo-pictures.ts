import sharp from 'sharp';

/** The subjects of the demo's post pictures (drawn as SVG, no text, so no fonts are needed). */
export const PICTURE_KINDS = ['skyline', 'chart', 'badge', 'group', 'code', 'landscape'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

/** One picture of the demo: a subject in one of the palettes. */
export type PictureSpec = { kind: PictureKind; palette: number };

type Palette = { from: string; to: string; main: string; accent: string; soft: string };

const PALETTES: Palette[] = [
  { from: '#1e3a8a', to: '#38bdf8', main: '#0f172a', accent: '#fbbf24', soft: '#e0f2fe' },
  { from: '#7c3aed', to: '#f472b6', main: '#3b0764', accent: '#fde047', soft: '#fae8ff' },
  { from: '#065f46', to: '#a3e635', main: '#052e16', accent: '#f97316', soft: '#ecfccb' },
  { from: '#9a3412', to: '#fde047', main: '#431407', accent: '#2563eb', soft: '#fff7ed' },
];

export const WIDTH = 1200;
export const HEIGHT = 750;

/** A small deterministic generator (mulberry32), so the demo looks the same on every start. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const background = (p: Palette) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`;

/** City towers with lit windows in front of a sunset. */
function skyline(p: Palette, random: () => number): string {
  const parts = [`<circle cx="880" cy="300" r="120" fill="${p.accent}" fill-opacity="0.9"/>`];
  for (let x = 0; x < WIDTH;) {
    const width = 70 + Math.floor(random() * 90);
    const height = 180 + Math.floor(random() * 360);
    const top = HEIGHT - height;
    parts.push(
      `<rect x="${x}" y="${top}" width="${width - 8}" height="${height}" fill="${p.main}" fill-opacity="${0.75 + random() * 0.25}"/>`,
    );
    for (let wy = top + 20; wy < HEIGHT - 30; wy += 34) {
      for (let wx = x + 12; wx < x + width - 24; wx += 24) {
        if (random() < 0.45) parts.push(`<rect x="${wx}" y="${wy}" width="10" height="14" fill="${p.accent}" fill-opacity="0.85"/>`);
      }
    }
    x += width;
  }
  return background(p) + parts.join('');
}

/** A rising bar chart with a trend line on a card. */
function chart(p: Palette, random: () => number): string {
  const bars: string[] = [];
  const points: string[] = [];
  for (let n = 0; n < 8; n += 1) {
    const height = 90 + n * 45 + Math.floor(random() * 60);
    const x = 200 + n * 105;
    bars.push(`<rect x="${x}" y="${640 - height}" width="70" height="${height}" rx="10" fill="${n % 2 === 0 ? p.from : p.to}"/>`);
    points.push(`${x + 35},${600 - height}`);
  }
  const dots = points.map(
    (point) =>
      `<circle cx="${point.split(',')[0]}" cy="${point.split(',')[1]}" r="12" fill="${p.accent}" stroke="white" stroke-width="5"/>`,
  );
  return (
    background(p) +
    `<rect x="120" y="80" width="960" height="600" rx="36" fill="${p.soft}"/>` +
    `<path d="M180 120 V640 H1040" stroke="${p.main}" stroke-opacity="0.35" stroke-width="6" fill="none"/>` +
    bars.join('') +
    `<polyline points="${points.join(' ')}" fill="none" stroke="${p.main}" stroke-width="8" stroke-linejoin="round"/>` +
    dots.join('')
  );
}

/** A medal with ribbons and a star, in a burst of confetti. */
function badge(p: Palette, random: () => number): string {
  const confetti = Array.from({ length: 40 }, () => {
    const x = Math.floor(random() * WIDTH);
    const y = Math.floor(random() * HEIGHT);
    return `<rect x="${x}" y="${y}" width="18" height="8" rx="3" fill="${random() < 0.5 ? p.accent : p.soft}" transform="rotate(${Math.floor(random() * 180)} ${x} ${y})"/>`;
  }).join('');
  const star = Array.from({ length: 10 }, (_, n) => {
    const radius = n % 2 === 0 ? 120 : 52;
    const angle = (Math.PI / 5) * n - Math.PI / 2;
    return `${600 + radius * Math.cos(angle)},${400 + radius * Math.sin(angle)}`;
  }).join(' ');
  return (
    background(p) +
    confetti +
    `<polygon points="470,60 560,60 620,260 530,290" fill="${p.main}"/><polygon points="730,60 640,60 580,260 670,290" fill="${p.main}" fill-opacity="0.8"/>` +
    `<circle cx="600" cy="400" r="210" fill="${p.accent}"/><circle cx="600" cy="400" r="170" fill="none" stroke="white" stroke-opacity="0.7" stroke-width="12"/>` +
    `<polygon points="${star}" fill="white"/>`
  );
}

/** A group of people (heads and shoulders) side by side. */
function group(p: Palette, random: () => number): string {
  const colours = [p.main, p.accent, p.soft, p.from, p.to];
  const people = Array.from({ length: 5 }, (_, n) => {
    const x = 190 + n * 205;
    const y = 330 + (n % 2) * 60 + Math.floor(random() * 30);
    const colour = colours[(n + Math.floor(random() * 5)) % colours.length] ?? p.main;
    return `<circle cx="${x}" cy="${y}" r="78" fill="${colour}" stroke="white" stroke-width="8"/><path d="M${x - 150} ${HEIGHT} C${x - 150} ${y + 110} ${x + 150} ${y + 110} ${x + 150} ${HEIGHT} Z" fill="${colour}" stroke="white" stroke-width="8"/>`;
  });
  const bubbles = Array.from(
    { length: 6 },
    (_, n) =>
      `<circle cx="${100 + n * 200}" cy="${90 + Math.floor(random() * 80)}" r="${20 + Math.floor(random() * 30)}" fill="white" fill-opacity="0.25"/>`,
  );
  return background(p) + bubbles.join('') + people.join('');
}

/** A code editor window with coloured lines. */
function code(p: Palette, random: () => number): string {
  const lines: string[] = [];
  for (let n = 0; n < 11; n += 1) {
    let x = 210 + (n % 4 === 0 ? 0 : 40 * (1 + (n % 3)));
    const y = 230 + n * 38;
    for (let word = 0; word < 1 + Math.floor(random() * 4); word += 1) {
      const width = 50 + Math.floor(random() * 160);
      if (x + width > 1000) break;
      lines.push(
        `<rect x="${x}" y="${y}" width="${width}" height="18" rx="9" fill="${[p.to, p.accent, p.soft, '#94a3b8'][Math.floor(random() * 4)]}"/>`,
      );
      x += width + 18;
    }
  }
  return (
    background(p) +
    `<rect x="150" y="110" width="900" height="560" rx="28" fill="#0f172a"/><rect x="150" y="110" width="900" height="70" rx="28" fill="#1e293b"/><rect x="150" y="150" width="900" height="30" fill="#1e293b"/>` +
    `<circle cx="200" cy="145" r="13" fill="#f87171"/><circle cx="240" cy="145" r="13" fill="#fbbf24"/><circle cx="280" cy="145" r="13" fill="#4ade80"/>` +
    lines.join('')
  );
}

/** Layered hills under a sun and a few clouds. */
function landscape(p: Palette, random: () => number): string {
  const hill = (base: number, amplitude: number, colour: string, opacity: number) => {
    const points = Array.from({ length: 7 }, (_, n) => `${n * 200},${base - Math.floor(random() * amplitude)}`);
    return `<polygon points="0,${HEIGHT} ${points.join(' ')} ${WIDTH},${base} ${WIDTH},${HEIGHT}" fill="${colour}" fill-opacity="${opacity}"/>`;
  };
  const clouds = Array.from({ length: 3 }, (_, n) => {
    const x = 150 + n * 350 + Math.floor(random() * 80);
    const y = 110 + Math.floor(random() * 90);
    return `<ellipse cx="${x}" cy="${y}" rx="90" ry="30" fill="white" fill-opacity="0.7"/><ellipse cx="${x + 50}" cy="${y - 20}" rx="60" ry="30" fill="white" fill-opacity="0.7"/>`;
  });
  return (
    background(p) +
    `<circle cx="300" cy="330" r="100" fill="${p.accent}"/>` +
    clouds.join('') +
    hill(470, 160, p.soft, 0.7) +
    hill(580, 140, p.to, 0.9) +
    hill(680, 100, p.main, 1)
  );
}

const DRAW: Record<PictureKind, (p: Palette, random: () => number) => string> = { skyline, chart, badge, group, code, landscape };

/** The SVG of one picture. */
export function pictureSvg(spec: PictureSpec): string {
  const palette = PALETTES[spec.palette % PALETTES.length] ?? PALETTES[0];
  if (!palette) throw new Error('pictureSvg: no palettes');
  const random = randomFrom(PICTURE_KINDS.indexOf(spec.kind) * 31 + spec.palette + 1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${DRAW[spec.kind](palette, random)}</svg>`;
}

/**
 * One picture as a small WebP (as uploads are stored). Encoding, not drawing, is what costs:
 * effort 1 encodes about four times faster than the default 4, for files of 10-30 KB.
 */
export function renderPicture(spec: PictureSpec): Promise<Buffer> {
  return sharp(Buffer.from(pictureSvg(spec)))
    .webp({ quality: 78, effort: 1 })
    .toBuffer();
}
