'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { toastFailure } from '../session';
import { CheckboxField, SelectField } from '@/components/ui/form-controls';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import type { CategoryResponse as Category, TagResponse as Tag } from '@/lib/contract/catalog';
import { CategoryFields, EMPTY_CATEGORY_VALUE } from './category-fields';
import { renameFromAnalysis } from './rename';
import { uploadStaged } from './staged-upload';
import { declaredImageType, IMAGE_ACCEPT, MAX_IMAGE_MB, NAME_SUFFIXES, uploadableImage } from './types';

// Bulk mode: images only, at least one. The images go straight to storage
// (staged-upload.ts, Decision 070) with no time-out (docs/product.md §9), since a large
// folder can take long to send; each is processed as soon as it has arrived.
type Props = { categories: Category[]; tags: Tag[]; busy: boolean; onStarted: (batchId: string) => void };

export function BulkForm({ categories, tags, busy, onStarted }: Props) {
  const [files, setFiles] = useState<File[]>([]);
  const [fields, setFields] = useState(EMPTY_CATEGORY_VALUE);
  const [analyse, setAnalyse] = useState(false);
  const [suffix, setSuffix] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  // A file input cannot be cleared through state: a new key gives a fresh, empty one.
  const [inputKey, setInputKey] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The type is signed into each file's upload URL; the server still trusts only the bytes.
    const images = files.filter((f) => declaredImageType(f) !== null);
    const sendable = images.filter(uploadableImage);
    if (sendable.length === 0) return void toast.error('Choose at least one image');
    if (images.length < files.length) toast.warning(`${files.length - images.length} file(s) skipped: images only (no SVG)`);
    if (sendable.length < images.length) toast.warning(`${images.length - sendable.length} file(s) skipped: empty or over ${MAX_IMAGE_MB} MB`);
    if (!fields.category) return void toast.error('Choose a category');
    try {
      const named = analyse ? await renameFromAnalysis(sendable, suffix, (n) => setStatus(`Naming ${n} of ${sendable.length}...`)) : sendable;
      setStatus(`Sending ${named.length} file(s)...`);
      const types = sendable.map((f) => declaredImageType(f) as string);
      const { price, category, subcategory, tags } = fields;
      const result = await uploadStaged(
        named,
        types,
        { price, category, subcategory: subcategory || undefined, tags: tags.join(', ') },
        {
          onStarted: (batchId) => {
            setFiles([]);
            setInputKey((k) => k + 1);
            onStarted(batchId);
          },
          onSent: (sent, total) => setStatus(`Sent ${sent} of ${total} file(s)...`),
        },
      );
      if (!result.ok) return toastFailure(result.error, 'Upload failed');
      if (result.unsent > 0) toast.warning(`${result.unsent} file(s) could not be sent; upload them again`);
    } finally {
      setStatus(null);
    }
  }

  const working = busy || status !== null;
  return (
    <Card as="form" className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} aria-label="Bulk upload">
      <div className="flex flex-col gap-1">
        <label htmlFor="bulk-files" className="text-sm font-medium text-gray-800">
          Images
        </label>
        <Input
          key={inputKey}
          id="bulk-files"
          type="file"
          multiple
          required
          accept={IMAGE_ACCEPT}
          onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
        />
        <p className="text-xs text-gray-600">
          JPEG, PNG, WebP, GIF, TIFF or AVIF, up to {MAX_IMAGE_MB} MB and 50 megapixels each. {files.length > 0 && `${files.length} selected.`}
        </p>
      </div>
      <CategoryFields idPrefix="bulk" categories={categories} vocabulary={tags} value={fields} onChange={setFields} />
      <div className="flex flex-wrap items-end gap-4">
        <CheckboxField id="bulk-analyse" label="Name products from image analysis" checked={analyse} onChange={(e) => setAnalyse(e.target.checked)} />
        {analyse && (
          <SelectField id="bulk-suffix" label="Name suffix" value={suffix} onChange={(e) => setSuffix(e.target.value)}>
            {NAME_SUFFIXES.map((s) => (
              <option key={s} value={s}>
                {s || 'None'}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={working}>
          {working ? 'Uploading...' : 'Upload Images'}
        </Button>
        {status && <span className="text-sm text-gray-700">{status}</span>}
      </div>
    </Card>
  );
}
