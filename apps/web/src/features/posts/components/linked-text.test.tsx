import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/testing/render';
import { LinkedText, linkedTextParts } from './linked-text';

describe('LinkedText', () => {
  it('links each #tag to its page and keeps everything else, markup included, as plain text', async () => {
    renderPage(<LinkedText text={'Reunion #Class2026 <b>now</b> at&#39; a#b #café!'} />, { path: '/user' });
    expect(await screen.findByRole('link', { name: '#Class2026' })).toHaveAttribute('href', '/user/tags/class2026');
    expect(screen.getByRole('link', { name: '#café' })).toHaveAttribute('href', `/user/tags/${encodeURIComponent('café')}`);
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(document.body).toHaveTextContent('Reunion #Class2026 <b>now</b> at&#39; a#b #café!');
  });

  it('splits without losing a character', () => {
    const text = '#start middle #mid-dle end#no #end';
    expect(
      linkedTextParts(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
    expect(
      linkedTextParts(text)
        .filter((part) => part.tag)
        .map((part) => part.tag),
    ).toEqual(['start', 'mid', 'end']);
  });
});
