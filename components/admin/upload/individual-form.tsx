'use client';

import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import type { ApiError } from '@/components/data/api';
import { api, toastFailure } from '../session';
import { TextField } from '@/components/ui/field';
import { TextareaField } from '@/components/ui/form-controls';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import type { CategoryResponse as Category, TagResponse as Tag } from '@/lib/contract/catalog';
import { appendCategoryFields, CategoryFields, EMPTY_CATEGORY_VALUE } from './category-fields';
import { IMAGE_ACCEPT, INDIVIDUAL_TIMEOUT_MS } from './types';

type Outcome = { ok: true; title: string } | { ok: false; error: ApiError; timedOut: boolean };

/** The one upload with a time-out (docs/product.md §9): five minutes, then the files are presumed too large. */
async function send(body: FormData): Promise<Outcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), INDIVIDUAL_TIMEOUT_MS);
  const result = await api.multipart<{ title?: string } | null>('/api/admin/individual-upload', body, { signal: controller.signal });
  clearTimeout(timer);
  if (result.ok) return { ok: true, title: result.body?.title ?? '' };
  return { ok: false, error: result.error, timedOut: controller.signal.aborted };
}

type Props = { categories: Category[]; tags: Tag[]; onUploaded: () => void };

export function IndividualForm({ categories, tags, onUploaded }: Props) {
  const [mockup, setMockup] = useState<File | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [fields, setFields] = useState(EMPTY_CATEGORY_VALUE);
  const [sending, setSending] = useState(false);
  const [formKey, setFormKey] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mockup || files.length === 0 || !title.trim() || !fields.price || !fields.category) {
      return void toast.error('Please fill in all required fields');
    }
    const body = new FormData();
    body.append('mockup', mockup, mockup.name);
    for (const file of files) body.append('files', file, file.name);
    body.append('title', title.trim());
    body.append('description', description);
    appendCategoryFields(body, fields);
    setSending(true);
    const result = await send(body);
    setSending(false);
    if (!result.ok) {
      if (result.timedOut) return void toast.error('Upload timeout - files may be too large');
      return toastFailure(result.error, 'Upload failed');
    }
    toast.success(`${result.title || title} uploaded`);
    // Its new tags joined the vocabulary on the server.
    onUploaded();
    setMockup(null);
    setFiles([]);
    setTitle('');
    setDescription('');
    setFields(EMPTY_CATEGORY_VALUE);
    setFormKey((k) => k + 1);
  }

  return (
    <Card as="form" key={formKey} className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} aria-label="Individual upload">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="single-mockup" className="text-sm font-medium text-gray-800">
            Mockup image
          </label>
          <Input id="single-mockup" type="file" required accept={IMAGE_ACCEPT} onChange={(e) => setMockup(e.target.files?.[0] ?? null)} />
          <p className="text-xs text-gray-600">Shown watermarked in the shop.</p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="single-files" className="text-sm font-medium text-gray-800">
            Product files
          </label>
          <Input id="single-files" type="file" multiple required onChange={(e) => setFiles(Array.from(e.target.files ?? []))} />
          <p className="text-xs text-gray-600">What buyers download, up to 200 MB each.</p>
        </div>
      </div>
      <TextField id="single-title" label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} />
      <TextareaField id="single-description" label="Description (optional)" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      <CategoryFields idPrefix="single" categories={categories} vocabulary={tags} value={fields} onChange={setFields} />
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? 'Uploading...' : 'Upload Product'}
        </Button>
      </div>
    </Card>
  );
}
