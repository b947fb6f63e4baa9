import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { renderedShellMarkup, routeHtmlFile, routePageHtml, shellKey, shellMarkup } from './route-pages';

const ROOT = '/repo/apps/web';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-c3.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The fields of Rolldown's output chunks that the plugin reads. */
function chunk(fileName: string, fields: { facade?: string; imports?: string[]; isEntry?: boolean }): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: fields.facade ? `${ROOT}/${fields.facade}` : null,
    imports: fields.imports ?? [],
    isEntry: fields.isEntry ?? false,
  } as unknown as Rolldown.OutputChunk;
}

function bundleOf(chunks: Rolldown.OutputChunk[]): Rolldown.OutputBundle {
  return Object.fromEntries(chunks.map((output) => [output.fileName, output]));
}

const bundle = bundleOf([
  chunk('assets/index-a1.js', { facade: 'index.html', isEntry: true, imports: ['assets/app-b2.js'] }),
  chunk('assets/app-b2.js', {}),
  chunk('assets/login-page-d4.js', {
    facade: 'src/features/auth/pages/login-page.tsx',
    imports: ['assets/contract-e5.js', 'assets/app-b2.js'],
  }),
  chunk('assets/contract-e5.js', { imports: ['assets/app-b2.js'] }),
  chunk('assets/landing-page-f6.js', { facade: 'src/features/landing/pages/landing-page.tsx', imports: ['assets/app-b2.js'] }),
]);

describe('routePageHtml', () => {
  it("adds modulepreload links for a page's chunks and what they import, minus what index.html loads already", () => {
    const pages = routePageHtml(INDEX_HTML, bundle, ROOT, [
      { path: '/', modules: ['src/features/landing/pages/landing-page.tsx'] },
      { path: '/login', modules: ['src/features/auth/pages/login-page.tsx'] },
    ]);

    expect([...pages.keys()]).toEqual(['route-html/index.html', 'route-html/login.html']);
    const login = pages.get('route-html/login.html') ?? '';
    expect(login).toContain(
      '    <link rel="modulepreload" crossorigin href="/assets/login-page-d4.js">\n    <link rel="modulepreload" crossorigin href="/assets/contract-e5.js">\n  </head>',
    );
    expect(login).not.toContain('href="/assets/app-b2.js"');
    expect(login.replace(/ *<link rel="modulepreload"[^>]*>\n/g, '')).toBe(INDEX_HTML);
    expect(pages.get('route-html/index.html')).toContain('href="/assets/landing-page-f6.js"');
  });

  it('fails the build when a listed module is not a lazily loaded chunk (renamed, or no longer split)', () => {
    expect(() => routePageHtml(INDEX_HTML, bundle, ROOT, [{ path: '/login', modules: ['src/features/auth/pages/sign-in.tsx'] }])).toThrow(
      /sign-in\.tsx \(for \/login\) is not a lazily loaded chunk/,
    );
  });
});

describe('static shells', () => {
  const shell = '<!-- a note for developers -->\n<div class="top">\n  <span>Alum</span>\n  <span>Link</span>\n</div>\n';
  const layer = '<div id="boot-shell" aria-hidden="true" class="fixed inset-0 z-[80] overflow-hidden bg-bg" inert>';

  it("puts a page's shell, in the inert layer, without comments and indentation, right before #root; other pages have none", () => {
    const pages = routePageHtml(
      INDEX_HTML,
      bundle,
      ROOT,
      [
        { path: '/', modules: ['src/features/landing/pages/landing-page.tsx'] },
        { path: '/login', modules: ['src/features/auth/pages/login-page.tsx'], shell: 'src/shell.html' },
      ],
      '/',
      new Map([['src/shell.html', shell]]),
    );
    expect(pages.get('route-html/login.html')).toContain(
      `<body>${layer}<div class="top"><span>Alum</span><span>Link</span></div></div><div id="root"></div></body>`,
    );
    expect(pages.get('route-html/index.html')).not.toContain('boot-shell');
    expect(shellMarkup(shell)).not.toContain('note for developers');
  });

  it('fails the build when a named shell was not read', () => {
    expect(() =>
      routePageHtml(INDEX_HTML, bundle, ROOT, [
        { path: '/login', modules: ['src/features/auth/pages/login-page.tsx'], shell: 'src/missing.html' },
      ]),
    ).toThrow(/the shell src\/missing\.html \(for \/login\) was not read/);
  });

  it("puts a rendered page in the shell layer as it is, inert and without the ids the app's page repeats", () => {
    const rendered =
      '<div class="flex"><!-- --><label for="«r0»">Email</label><input id="«r0»" name="email"/><main id="main" tabindex="-1">Hi</main></div>';
    const page = { path: '/login', modules: ['src/features/auth/pages/login-page.tsx'], renderedShell: 'src/page-shell.tsx' };
    expect(shellKey(page)).toBe('src/page-shell.tsx#/login');
    const markup = renderedShellMarkup(rendered);
    expect(markup).toBe(
      `${layer}<div class="flex"><label for="«r0»">Email</label><input name="email"/><main tabindex="-1">Hi</main></div></div>`,
    );
    const pages = routePageHtml(INDEX_HTML, bundle, ROOT, [page], '/', new Map([[shellKey(page) ?? '', markup]]));
    expect(pages.get('route-html/login.html')).toContain(`<body>${markup}<div id="root"></div></body>`);
  });

  it('fails the build when a rendered shell is missing', () => {
    expect(() =>
      routePageHtml(INDEX_HTML, bundle, ROOT, [
        { path: '/', modules: ['src/features/landing/pages/landing-page.tsx'], renderedShell: 'src/page-shell.tsx' },
      ]),
    ).toThrow(/the shell src\/page-shell\.tsx#\/ \(for \/\) was not read/);
  });
});

describe('routeHtmlFile', () => {
  it('names the copy after the path; the root is index.html', () => {
    expect(routeHtmlFile('/')).toBe('route-html/index.html');
    expect(routeHtmlFile('/login')).toBe('route-html/login.html');
    expect(routeHtmlFile('/user/jobs/')).toBe('route-html/user/jobs.html');
  });
});
