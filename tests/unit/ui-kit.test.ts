import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FileButton } from '@/components/ui/file-button';
import { TextField } from '@/components/ui/field';
import { CheckboxField } from '@/components/ui/form-controls';
import { Stars } from '@/components/ui/stars';

// The kit's markup-only pieces, rendered as the server renders them: what a
// screen reader is told is part of their contract, not a detail.

describe('Field wiring', () => {
  it('ties the hint and the error to the control and marks it invalid', () => {
    const html = renderToStaticMarkup(h(TextField, { id: 'email', label: 'Email', hint: 'We never share it.', error: 'Enter an email address' }));
    expect(html).toContain('<label for="email"');
    expect(html).toContain('id="email" aria-describedby="email-hint email-error" aria-invalid="true"');
    expect(html).toContain('<p id="email-hint"');
    expect(html).toContain('<p id="email-error"');
  });

  it('leaves a valid control without a description it does not have', () => {
    const html = renderToStaticMarkup(h(TextField, { id: 'name', label: 'Name' }));
    expect(html).not.toContain('aria-describedby');
    expect(html).not.toContain('aria-invalid');
  });
});

describe('Checkboxes and file pickers', () => {
  it('a row tick keeps its label for screen readers only, still tied to the box', () => {
    const html = renderToStaticMarkup(h(CheckboxField, { id: 'select-p1', label: 'Select Daisy', hideLabel: true, readOnly: true }));
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('id="select-p1"');
    expect(html).toContain('<label for="select-p1" class="sr-only">Select Daisy</label>');
  });

  it('a file picker drawn as a button keeps the native input, named, inside the label', () => {
    const html = renderToStaticMarkup(h(FileButton, { label: 'Replace daisy.zip', children: 'Replace with new version' }));
    expect(html).toMatch(
      /^<label class="btn btn-secondary btn-sm[^"]*">Replace with new version<input type="file" class="sr-only" aria-label="Replace daisy.zip"\/><\/label>$/,
    );
  });
});

describe('Stars', () => {
  it('reads out the rating and fills that share of the five stars', () => {
    const html = renderToStaticMarkup(h(Stars, { rating: 4.5, count: 12 }));
    expect(html).toContain('aria-label="Rated 4.5 out of 5, 12 reviews"');
    expect(html).toContain('width:90%');
  });

  it('keeps a rating within 0 to 5', () => {
    expect(renderToStaticMarkup(h(Stars, { rating: 7 }))).toContain('aria-label="Rated 5 out of 5"');
    expect(renderToStaticMarkup(h(Stars, { rating: -1 }))).toContain('width:0%');
  });
});
